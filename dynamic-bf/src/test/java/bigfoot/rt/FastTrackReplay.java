package bigfoot.rt;

/**
 * Replays a {@link Trace} through the FastTrack2 core, one explicit state object per thread/lock, and per var either
 * a VarState, an element of one {@link FineWords} (the shadow-word rules, as a shadow or a check site runs them) or a
 * field's words (as {@code RT}'s field check runs them, from the word the check site read).
 * With a {@link TraceRecorder} the replay is recorded as a run is: the core writes the synchronisation events, the
 * replay each check, var i as {@code xi} and static i as {@code si}, a static's after its check as the runtime's entry
 * point does.
 */
final class FastTrackReplay {

    /**
     * How the vars are shadowed: one VarState each, as FINE elements in shadow words, checked as a site checks them,
     * or as one field's words per var.
     */
    enum Shadows { VAR_STATES, WORDS, WORDS_AT_SITE, FIELD_WORDS }

    /** The shadow of the vars' field ({@link Shadows#FIELD_WORDS}). */
    private static final FieldShadow FIELD = ShadowedObject.shadow(null);

    private final Sim sim;
    private final TraceRecorder recorder;
    private final ThreadState[] threads = new ThreadState[Trace.THREADS];
    private final VarState[] vars = new VarState[Trace.VARS];
    /** The vars as FINE elements in shadow words, or null: one VarState each. */
    private final FineWords words;
    /** Whether the words are checked as a check site checks them ({@link FastTrack#checkFineAtSite}). */
    private final boolean atSite;
    /** The vars as fields of their own objects, or null. */
    private final ShadowedObject[] holders;
    private final LockState[] locks = new LockState[Trace.LOCKS];
    private final VarState[] volatiles = new VarState[Trace.VOLATILES];
    private final ClassInitState classInit = new ClassInitState();
    private final StaticVarState[] statics = new StaticVarState[Trace.STATICS];
    private final BarrierState barrier = new BarrierState();

    FastTrackReplay() {
        this(new int[] {0, 1, 2, 3}, 1, Shadows.VAR_STATES, null);
    }

    /** Recording to {@code recorder}. */
    FastTrackReplay(TraceRecorder recorder) {
        this(new int[] {0, 1, 2, 3}, 1, Shadows.VAR_STATES, recorder);
    }

    FastTrackReplay(int[] tids, long startClock, Shadows shadows) {
        this(tids, startClock, shadows, null);
    }

    /** Trace thread t is tid {@code tids[t]}, starting at clock {@code startClock}; vars shadowed as {@code shadows} says. */
    private FastTrackReplay(int[] tids, long startClock, Shadows shadows, TraceRecorder recorder) {
        this.sim = new Sim(recorder);
        this.recorder = recorder;
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new ThreadState(tids[t], Epoch.make(tids[t], startClock));
        }
        this.words = shadows == Shadows.WORDS || shadows == Shadows.WORDS_AT_SITE
                ? new FineWords(long[].class, Trace.VARS, new java.util.concurrent.atomic.LongAdder()) : null;
        this.atSite = shadows == Shadows.WORDS_AT_SITE;
        this.holders = shadows == Shadows.FIELD_WORDS ? new ShadowedObject[Trace.VARS] : null;
        for (int i = 0; holders != null && i < holders.length; i++) {
            holders[i] = new ShadowedObject();
        }
        for (int i = 0; i < vars.length; i++) {
            vars[i] = new VarState();
        }
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new LockState();
        }
        for (int i = 0; i < volatiles.length; i++) {
            volatiles[i] = new VarState();
        }
        for (int i = 0; i < statics.length; i++) {
            statics[i] = new StaticVarState(classInit);
        }
    }

    /** Index of the first op during which the detector reported a race, or -1. */
    int firstRace(Trace trace) {
        for (int i = 0; i < trace.ops.size(); i++) {
            step(trace.ops.get(i), i);
            if (!sim.listener.races.isEmpty()) {
                return i;
            }
        }
        return -1;
    }

    /** Replays every op, op i from site {@code siteOf(i)}; returns every race reported, in order. */
    java.util.List<RecordingListener.Reported> races(Trace trace, java.util.function.IntUnaryOperator siteOf) {
        for (int i = 0; i < trace.ops.size(); i++) {
            step(trace.ops.get(i), siteOf.applyAsInt(i));
        }
        return sim.listener.races;
    }

    /** The name a recording gives the var or static a reported race is on. */
    String variable(VarState raced) {
        for (int i = 0; i < statics.length; i++) {
            if (statics[i] == raced) {
                return "s" + i;
            }
        }
        return "x" + varOf(raced);
    }

    /** The var a reported race is on (-1 if none of the vars). */
    int varOf(VarState raced) {
        if (raced instanceof ArrayVarState a && words != null) {
            return a.first;
        }
        if (raced instanceof FieldVarState f && holders != null) {
            return java.util.Arrays.asList(holders).indexOf(f.owner);
        }
        for (int i = 0; i < vars.length; i++) {
            if (vars[i] == raced) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A field's check as {@code RT} makes it: the site reads the word for the access and tests SAME EPOCH; past it,
     * {@link FastTrack#checkField} from the word the site read.
     */
    private static void fieldCheck(FastTrack ft, ThreadState st, ShadowedObject holder, boolean write, int site) {
        FastTrack.count(st);
        long word = write ? holder.w : holder.r;
        if ((word & ShadowWord.EPOCH_BITS) != st.wordEpoch) {
            ft.checkField(st, FIELD, holder, word, write, site);
        }
    }

    private void step(Trace.Op op, int site) {
        FastTrack ft = sim.ft;
        ThreadState st = op.thread() >= 0 ? threads[op.thread()] : null;
        switch (op.kind()) {
            case READ:
            case WRITE:
                boolean write = op.kind() == Trace.Kind.WRITE;
                if (recorder != null) {
                    recorder.access(st, null, "x" + op.target(), -1, site, write);
                }
                if (holders != null) {
                    fieldCheck(ft, st, holders[op.target()], write, site);
                } else if (atSite) {
                    ft.checkFineAtSite(st, words, op.target(), write, site);
                } else if (words != null) {
                    ft.checkFine(st, words, op.target(), write, site);
                } else {
                    ft.check(st, vars[op.target()], write, site);
                }
                break;
            case STATIC_READ:
            case STATIC_WRITE:
                boolean staticWrite = op.kind() == Trace.Kind.STATIC_WRITE;
                ft.checkStatic(st, statics[op.target()], staticWrite, site);
                if (recorder != null) {
                    recorder.access(st, null, "s" + op.target(), -1, site, staticWrite);
                }
                break;
            case ACQUIRE: ft.acquire(st, locks[op.target()]); break;
            case RELEASE: ft.release(st, locks[op.target()]); break;
            case FORK: ft.fork(st, threads[op.target()]); break;
            case JOIN: ft.join(st, threads[op.target()]); break;
            case VOLATILE_READ: ft.volatileRead(st, volatiles[op.target()]); break;
            case VOLATILE_WRITE: ft.volatileWrite(st, volatiles[op.target()]); break;
            case CLASS_INIT: ft.classInitialized(st, classInit); break;
            case BARRIER:
                for (int u : op.group()) {
                    ft.barrierArrive(threads[u], barrier);
                }
                for (int u : op.group()) {
                    ft.barrierDepart(threads[u], barrier);
                }
                break;
            default: throw new AssertionError(op);
        }
    }
}
