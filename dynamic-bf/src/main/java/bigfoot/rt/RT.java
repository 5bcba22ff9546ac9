package bigfoot.rt;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * The entry points rewritten code calls, exactly as listed in {@code bigfoot.ir.RuntimeApi} (names,
 * descriptors, when each is called). A thin facade: it finds the shadow objects and hands them to the
 * {@link FastTrack} core.
 *
 * <p>Nothing escapes into the program: every entry point catches any internal failure, which is handed to
 * {@link FastTrack#checkFailed} (race checks and verifier access events) or {@link FastTrack#failed}
 * (everything else). No entry
 * point calls program code or takes a program monitor.
 *
 * <p>In verify mode ({@link #verifyPlacement}) every check, access event, acquire and release is also handed to
 * the calling thread's {@link PlacementVerifier}; a class-initialisation join made inside a check or event is
 * reported to it as an acquire before that check or event.
 * Array checks are then immediate and per element whatever the arrays mode.
 *
 * <p>In {@code arrays=adaptive} runs array checks only record into the thread's footprint: every
 * synchronisation entry point first commits it ({@link #synchronising}), before the thread's clock or view
 * changes; a join commits the joined thread's too, and the exit report every thread's.
 */
public final class RT {

    private static final Engine ENGINE = Engine.instance();
    private static final FastTrack FT = ENGINE.detector;
    private static final PlacementVerification VERIFY = ENGINE.verification;
    private static final ArrayChecks ARRAYS = ENGINE.arrayChecks;
    /** {@code arrays=adaptive}: a constant to the compiled code. */
    private static final boolean ADAPTIVE = ARRAYS.adaptive();
    /**
     * The run's events for {@code --record} or {@code --tool} (array checks are handed over by {@link ArrayChecks}), or
     * null. Under another tool FastTrack2 keeps its synchronisation rules and the checks go to the tool only.
     */
    private static final RunEvents EVENTS = ENGINE.events;
    /** Handed out if a thread's own state cannot be found or made; detection is off by then (never a real thread's). */
    private static final ThreadState DETACHED = new ThreadState(0, Epoch.make(0, 1));

    private RT() {
    }

    // ---------------------------------------------------------------- set-up

    /** The current thread's state; once per method invocation, at its first check or event. */
    public static ThreadState thread() {
        try {
            return ENGINE.threads.current();
        } catch (Throwable t) {
            FT.checkFailed(t); // a stack overflow here is the program's deep recursion: see lost()
            return DETACHED;
        }
    }

    /**
     * True (and the check is counted as skipped) if {@code ts} is {@link #DETACHED}: the method invocation
     * could not fetch its thread's state (a stack overflow at its first check or event), so its race checks
     * are skipped, which can only hide a race. Its synchronisation events cannot be skipped:
     * {@link #synchronising} turns detection off.
     */
    private static boolean lost(ThreadState ts) {
        if (ts != DETACHED) {
            return false;
        }
        FT.checkFailed(new StackOverflowError());
        return true;
    }

    /** First thing in {@code <clinit>}: registers the class's site table, returns its site base. */
    public static int registerSites(String table) {
        try {
            return ENGINE.sites.register(table);
        } catch (Throwable t) {
            FT.failed(t);
            return 0;
        }
    }

    /** In {@code <clinit>}: the shadow of one static field of {@code owner}. */
    public static VarState staticShadow(Class<?> owner) {
        try {
            return new StaticVarState(ENGINE.classInits.of(owner));
        } catch (Throwable t) {
            FT.failed(t);
            return new StaticVarState(new ClassInitState());
        }
    }

    /** Before every normal return of {@code <clinit>}. */
    public static void classInitialized(Class<?> c, ThreadState ts) {
        try {
            synchronising(ts);
            released(ts);
            FT.classInitialized(ts, ENGINE.classInits.of(c));
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /**
     * In {@code <clinit>}: the shadow of one instance field, from the updaters of the fields added for it (the class
     * makes them: only it may access its private fields); {@code w} and {@code r} are null for a volatile field.
     */
    @SuppressWarnings("unchecked")
    public static FieldShadow fieldShadow(AtomicLongFieldUpdater w, AtomicLongFieldUpdater r,
            AtomicReferenceFieldUpdater state) {
        return new FieldShadow(w, r, state, null);
    }

    /** The classes {@link #initialize} found initialised, or in their initialisation by the asking thread. */
    private static final ClassValue<Boolean> INITIALIZED = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            try {
                Class.forName(c.getName(), true, c.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new NoClassDefFoundError(c.getName());
            }
            return Boolean.TRUE;
        }
    };

    /**
     * Right before a call handing a capsule's protected array to a static helper of class {@code c}, and before that
     * call's capsule check: initialises {@code c} as the call would, so that the release at the end of its
     * {@code <clinit>} comes before the check, not between it and the helper's reads. What the initialisation throws
     * is the program's own, thrown where the call would have thrown it.
     */
    public static void initialize(Class<?> c) {
        INITIALIZED.get(c);
    }

    /**
     * Where a reference may leave its thread ({@code staticbf --elide dynamic-escape}): {@code o} and what it reaches
     * escape ({@link Escapes}). A failure to follow them turns detection off: a local bit left set would hide races.
     */
    public static void escape(Object o) {
        try {
            ThreadState ts = VERIFY.enabled() ? thread() : null;
            Escapes.escape(o, ts == null ? null : VERIFY.of(ts)::escaped);
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** {@link Escapes#escapeElements}: a capsule's own array, stored while the capsule may have escaped. */
    public static void escapeElements(Object[] a) {
        try {
            ThreadState ts = VERIFY.enabled() ? thread() : null;
            Escapes.escapeElements(a, ts == null ? null : VERIFY.of(ts)::escaped);
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** True if a call of {@code method} on {@code receiver} runs a rewritten class's code ({@link Escapes#runsProgram}). */
    public static boolean runsProgram(Object receiver, String method) {
        return receiver != null && classRunsProgram(receiver.getClass(), method);
    }

    /** {@link #runsProgram} for code of {@code owner}: a static call, a constructor, a super call. */
    public static boolean classRunsProgram(Class<?> owner, String method) {
        try {
            return Escapes.runsProgram(owner, method);
        } catch (Throwable t) {
            FT.checkFailed(t);
            return false;
        }
    }

    /** Before a read of a final static field of a rewritten class: orders its {@code <clinit>} first; no check. */
    public static void classAccess(VarState shadow, ThreadState ts) {
        try {
            // without its thread's state a method skips its checks; the join would only have ordered those
            if (shadow != null && !lost(ts)) {
                StaticVarState sx = (StaticVarState) shadow;
                initJoin(ts, sx);
                FT.classAccess(ts, sx);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    // ---------------------------------------------------------------- accesses

    /** {@code word}: the field's R word, as the rewritten code read it. */
    public static void readField(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck(obj, word, shadow, ts, site, false, false);
    }

    /** {@code word}: the field's W word, as the rewritten code read it. */
    public static void writeField(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck(obj, word, shadow, ts, site, true, false);
    }

    /** {@link #readField} of a field of a constructor's {@code this} that cannot have escaped its thread yet. */
    public static void readFresh(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck(obj, word, shadow, ts, site, false, true);
    }

    /** {@link #writeField} of a field of a constructor's {@code this} that cannot have escaped its thread yet. */
    public static void writeFresh(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck(obj, word, shadow, ts, site, true, true);
    }

    /**
     * One per-thread count, then READ / WRITE SAME EPOCH on the word the caller read: the site's whole inline cost, so
     * nothing else is loaded or passed there (an inflated field's VarState is read past this test). Else
     * {@link #fieldRules}.
     */
    private static void fieldCheck(Object obj, long word, FieldShadow shadow, ThreadState ts, int site,
            boolean write, boolean fresh) {
        FastTrack.count(ts);
        if (EVENTS == null && (word & ShadowWord.EPOCH_BITS) == ts.wordEpoch) {
            return;
        }
        fieldRules(obj, word, shadow, ts, site, write, fresh);
    }

    /**
     * {@link #fieldCheck} past READ / WRITE SAME EPOCH, called, not inlined ({@link JitOptions}): an inflated field on
     * its VarState (its own, unless obj is a clone that copied the reference: {@link FieldShadow#inflated}); else
     * FastTrack's word rules (VarStates in verify mode, but for a capsule's location), with no CAS on a field no other
     * thread can reach yet ({@code fresh}).
     */
    private static void fieldRules(Object obj, long word, FieldShadow shadow, ThreadState ts, int site,
            boolean write, boolean fresh) {
        try {
            if (lost(ts)) {
                return;
            }
            if (EVENTS != null) {
                EVENTS.field(ts, obj, site, write);
                if (!FT.checksAccesses || (word & ShadowWord.EPOCH_BITS) == ts.wordEpoch) {
                    return;
                }
            }
            if (VERIFY.enabled() && shadow.capsule == null) { // capsule checks cover accesses the verifier never sees
                VarState sx = shadow.inflate(obj, 0);          // the verifier tells locations by their VarState
                FT.check(ts, sx, write, site);
                VERIFY.of(ts).check(sx, write, site, obj);
            } else if (fresh && word != ShadowWord.INFLATED) {
                FT.checkFreshWords(ts, shadow, obj, write, site);
            } else {
                FT.checkField(ts, shadow, obj, word, write, site);
            }
        } catch (Throwable t) {
            FT.checkFailed(t);
        }
    }

    // ---------------------------------------------------------------- capsules

    /**
     * In {@code <clinit>} of a capsule class ({@code staticbf --capsules}): the shadow of its location (all its own
     * fields as one), made as a field's is.
     */
    @SuppressWarnings("unchecked")
    public static FieldShadow capsuleShadow(AtomicLongFieldUpdater w, AtomicLongFieldUpdater r,
            AtomicReferenceFieldUpdater state, Class<?> owner) {
        ENGINE.capsules.loaded(owner);
        return new FieldShadow(w, r, state, owner.getName());
    }

    /** The check of a capsule object's location, as {@link #readField}: a race on it is a capsule violation. */
    public static void capsuleRead(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck(obj, word, shadow, ts, site, false, false);
    }

    /** The check of a capsule object's location, as {@link #writeField}: a race on it is a capsule violation. */
    public static void capsuleWrite(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck(obj, word, shadow, ts, site, true, false);
    }

    /** A static field's shadow is null only if checked before {@code <clinit>} made it: that access is not checked. */
    public static void readStatic(VarState shadow, ThreadState ts, int site) {
        staticCheck(shadow, ts, site, false);
    }

    public static void writeStatic(VarState shadow, ThreadState ts, int site) {
        staticCheck(shadow, ts, site, true);
    }

    /**
     * A static check orders the class's {@code <clinit>} first (a join): a failure turns detection off. Without its
     * thread's state ({@link #lost}) the check and that join are skipped; the join is then made at this thread's next
     * static access of the class, in a method that has its state. A stack overflow (the program's deep recursion)
     * outside the join skips only the check, like a plain check's.
     */
    private static void staticCheck(VarState shadow, ThreadState ts, int site, boolean write) {
        boolean joining = false;
        try {
            if (lost(ts) || shadow == null) {
                return;
            }
            StaticVarState sx = (StaticVarState) shadow;
            joining = FastTrack.joinsInit(ts, sx.owner);
            if (joining) {
                joinInit(ts);
                joining = false;
            }
            if (FT.checksAccesses) {
                FT.checkStatic(ts, sx, write, site);
            } else {
                FastTrack.count(ts);
                FT.classAccess(ts, sx);                         // the class-init join only
            }
            if (EVENTS != null) {
                EVENTS.staticField(ts, site, write);            // after the class-init join the check may make
            }
            checked(ts, sx, write, site);
        } catch (StackOverflowError e) {
            if (joining) {
                FT.failed(e);
            } else {
                FT.checkFailed(e);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    public static void readArray(Object array, int index, ThreadState ts, int site) {
        elementCheck(array, index, ts, site, false);
    }

    public static void writeArray(Object array, int index, ThreadState ts, int site) {
        elementCheck(array, index, ts, site, true);
    }

    /**
     * One element. With fine arrays, the shadow's lookup in line and then {@link #shadowCheck} (the hot path of FT
     * runs); with adaptive arrays (and for a trace or a tool) one call, {@link #elementRulesOf}: each element check
     * calls the runtime there anyway, and the lookup in line made each check site's compiled code six times larger
     * ({@link JitOptions}).
     */
    private static void elementCheck(Object array, int index, ThreadState ts, int site, boolean write) {
        if (ADAPTIVE || EVENTS != null) {
            elementRulesOf(array, index, ts, site, write);
            return;
        }
        ArrayShadow a;
        try {
            if (lost(ts)) {
                return;
            }
            a = ENGINE.arrays.of(array, ts);
        } catch (Throwable t) {
            FT.checkFailed(t);
            return;
        }
        shadowCheck(a, index, ts, site, write);
    }

    /**
     * {@link #elementCheck} with adaptive arrays, or for a trace or a tool: called, not inlined ({@link JitOptions}).
     */
    private static void elementRulesOf(Object array, int index, ThreadState ts, int site, boolean write) {
        try {
            if (!lost(ts)) {
                checkElementOf(ENGINE.arrays.of(array, ts), index, ts, site, write);
            }
        } catch (Throwable t) {
            FT.checkFailed(t);
        }
    }

    /** The check of element {@code index} of the array whose shadow is {@code a} (nothing for null: a null array). */
    private static void checkElementOf(ArrayShadow a, int index, ThreadState ts, int site, boolean write) {
        if (a != null) {
            ARRAYS.checkElement(ts, a, index, write, site, VERIFY.enabled() ? VERIFY.of(ts) : null);
        }
    }

    /**
     * The shadow of {@code array} (null for a null array, or an invocation whose checks are skipped), for a check
     * site that keeps it with the array in two locals ({@link #readElement}): called, not inlined
     * ({@link JitOptions}), as it runs only when the site's array changes.
     */
    public static Object arrayShadow(Object array, ThreadState ts) {
        try {
            return lost(ts) ? null : ENGINE.arrays.of(array, ts);
        } catch (Throwable t) {
            FT.checkFailed(t);
            return null;
        }
    }

    /** {@link #readArray} of the array whose shadow {@link #arrayShadow} gave (nothing for null). */
    public static void readElement(Object shadow, int index, ThreadState ts, int site) {
        shadowCheck(shadow, index, ts, site, false);
    }

    public static void writeElement(Object shadow, int index, ThreadState ts, int site) {
        shadowCheck(shadow, index, ts, site, true);
    }

    /**
     * With {@code arrays=fine}, a FINE element's check straight on its words ({@link FastTrack#checkFineAtSite}: READ /
     * WRITE SAME EPOCH in line, the rest called); any other element's called ({@link #elementRules}, with the
     * footprints' and the verifier's paths). Small enough for C2 to inline at every check site ({@link JitOptions}).
     * With adaptive arrays, most shadows are not FINE and the test would only grow every site's compiled code (lucene's
     * BF ran 12% slower with it, compiling longer): every check is called.
     */
    private static void shadowCheck(Object shadow, int index, ThreadState ts, int site, boolean write) {
        try {
            FineWords f;
            if (!ADAPTIVE && EVENTS == null && shadow instanceof ArrayShadow a && (f = a.fineFor(index)) != null
                    && !VERIFY.enabled()) {
                FT.checkFineAtSite(ts, f, index, write, site);
                return;
            }
        } catch (Throwable t) {
            FT.checkFailed(t);
            return;
        }
        elementRules(shadow, index, ts, site, write);
    }

    /**
     * {@link #shadowCheck} of an element that is not FINE, or is checked for a trace or the verifier: called, not
     * inlined ({@link JitOptions}).
     */
    private static void elementRules(Object shadow, int index, ThreadState ts, int site, boolean write) {
        try {
            checkElementOf((ArrayShadow) shadow, index, ts, site, write);
        } catch (Throwable t) {
            FT.checkFailed(t);
        }
    }

    /** A read check of {@code array[begin], array[begin+stride], ..} below {@code end}, out-of-bounds indices ignored. */
    public static void readArrayRange(Object array, int begin, int end, int stride, ThreadState ts, int site) {
        arrayCheck(array, begin, end, stride, ts, site, false);
    }

    public static void writeArrayRange(Object array, int begin, int end, int stride, ThreadState ts, int site) {
        arrayCheck(array, begin, end, stride, ts, site, true);
    }

    /**
     * A range check, called, not inlined ({@link JitOptions}): its shadow's lookup and its rules cost more than a call,
     * and in line they grew each check site's compiled code.
     */
    private static void arrayCheck(Object array, int begin, int end, int stride, ThreadState ts, int site, boolean write) {
        try {
            if (lost(ts)) {
                return;
            }
            ArrayShadow a = ENGINE.arrays.of(array, ts);
            if (a != null) {
                ARRAYS.check(ts, a, begin, end, stride, write, site, VERIFY.enabled() ? VERIFY.of(ts) : null);
            }
        } catch (Throwable t) {
            FT.checkFailed(t);
        }
    }

    public static void readForeign(Object objOrClass, String field, ThreadState ts, int site) {
        foreignCheck(objOrClass, field, ts, site, false);
    }

    public static void writeForeign(Object objOrClass, String field, ThreadState ts, int site) {
        foreignCheck(objOrClass, field, ts, site, true);
    }

    private static void foreignCheck(Object objOrClass, String field, ThreadState ts, int site, boolean write) {
        try {
            if (lost(ts)) {
                return;
            }
            VarState sx = ENGINE.foreign.of(objOrClass, field);
            if (sx == null) {
                return;
            }
            if (EVENTS != null) {
                EVENTS.foreign(ts, objOrClass, site, write);
                if (!FT.checksAccesses) {
                    FastTrack.count(ts);
                    return;
                }
            }
            FT.check(ts, sx, write, site);
            checked(ts, sx, write, site);
        } catch (Throwable t) {
            FT.checkFailed(t);
        }
    }

    // ---------------------------------------------------------------- access events (verify mode)

    /** First thing in each {@code <clinit>} of a {@code --verify-placement} jar: switch verify mode on. */
    public static void verifyPlacement() {
        VERIFY.enable();
    }

    public static void accessField(Object obj, FieldShadow shadow, ThreadState ts, int site, boolean write) {
        try {
            if (lost(ts)) {
                return;
            }
            PlacementVerifier v = VERIFY.of(ts);
            if (v != null) {
                v.access(shadow.inflate(obj, 0), write, site);
            }
        } catch (Throwable t) {
            FT.checkFailed(t);
        }
    }

    /** As {@link #readStatic}, an access before {@code <clinit>} made the shadow is not verified. */
    public static void accessStatic(VarState shadow, ThreadState ts, int site, boolean write) {
        try {
            if (lost(ts)) {
                return;
            }
            PlacementVerifier v = VERIFY.of(ts);
            if (v != null && shadow != null) {
                v.access(shadow, write, site);
            }
        } catch (Throwable t) {
            FT.checkFailed(t);
        }
    }

    public static void accessArray(Object array, int index, ThreadState ts, int site, boolean write) {
        try {
            if (lost(ts)) {
                return;
            }
            PlacementVerifier v = VERIFY.of(ts);
            VarState sx = v == null ? null : ENGINE.arrays.element(array, index, ts);
            if (sx != null) {
                v.access(sx, write, site);
            }
        } catch (Throwable t) {
            FT.checkFailed(t);
        }
    }

    public static void accessForeign(Object objOrClass, String field, ThreadState ts, int site, boolean write) {
        try {
            if (lost(ts)) {
                return;
            }
            PlacementVerifier v = VERIFY.of(ts);
            VarState sx = v == null ? null : ENGINE.foreign.of(objOrClass, field);
            if (sx != null) {
                v.access(sx, write, site);
            }
        } catch (Throwable t) {
            FT.checkFailed(t);
        }
    }

    /** Verify mode: the check just run. */
    private static void checked(ThreadState ts, VarState sx, boolean write, int site) {
        if (VERIFY.enabled()) {
            VERIFY.of(ts).check(sx, write, site);
        }
    }

    /** Verify mode: an acquire by ts's thread. */
    private static void acquired(ThreadState ts) {
        if (VERIFY.enabled()) {
            VERIFY.of(ts).acquire();
        }
    }

    /** Verify mode: a release by ts's thread. */
    private static void released(ThreadState ts) {
        if (VERIFY.enabled()) {
            VERIFY.of(ts).release();
        }
    }

    /** The class-init join the next use of sx's class makes (if any) changes ts's view: commit first; in verify mode it is an acquire. */
    private static void initJoin(ThreadState ts, StaticVarState sx) {
        if (FastTrack.joinsInit(ts, sx.owner)) {
            joinInit(ts);
        }
    }

    private static void joinInit(ThreadState ts) {
        synchronising(ts);
        if (VERIFY.enabled()) {
            acquired(ts);
        }
    }

    /** Before any synchronisation of ts's thread: its pending array checks run at its current clock and view. */
    private static void synchronising(ThreadState ts) {
        if (ts == DETACHED) {
            FT.failed(new IllegalStateException("a synchronisation event without its thread's state"));
            return;
        }
        ARRAYS.commit(ts);
    }

    // ---------------------------------------------------------------- volatiles

    /** After the read of a volatile instance field. */
    public static void volatileReadField(Object obj, FieldShadow shadow, ThreadState ts) {
        try {
            synchronising(ts);
            FT.volatileRead(ts, shadow.stateOf(obj));
            acquired(ts);
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** Before the write of a volatile instance field. */
    public static void volatileWriteField(Object obj, FieldShadow shadow, ThreadState ts) {
        try {
            synchronising(ts);
            released(ts);
            FT.volatileWrite(ts, shadow.stateOf(obj));
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    public static void volatileReadStatic(VarState shadow, ThreadState ts) {
        try {
            if (shadow != null) {
                synchronising(ts);
                FT.volatileReadStatic(ts, (StaticVarState) shadow);
                acquired(ts);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    public static void volatileWriteStatic(VarState shadow, ThreadState ts) {
        try {
            if (shadow != null) {
                StaticVarState vx = (StaticVarState) shadow;
                synchronising(ts);
                initJoin(ts, vx);
                released(ts);
                FT.volatileWriteStatic(ts, vx);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    public static void volatileReadForeign(Object objOrClass, String field, ThreadState ts) {
        try {
            VarState vx = ENGINE.foreign.of(objOrClass, field);
            if (vx != null) {
                synchronising(ts);
                FT.volatileRead(ts, vx);
                acquired(ts);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    public static void volatileWriteForeign(Object objOrClass, String field, ThreadState ts) {
        try {
            VarState vx = ENGINE.foreign.of(objOrClass, field);
            if (vx != null) {
                synchronising(ts);
                released(ts);
                FT.volatileWrite(ts, vx);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    // ---------------------------------------------------------------- synchronisation

    /** After monitorenter / at entry of a synchronized method. */
    public static void acquire(Object monitor, ThreadState ts) {
        try {
            if (monitor != null) {
                synchronising(ts);
                FT.acquire(ts, ENGINE.monitors.of(monitor, ts));
                acquired(ts);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** Before monitorexit / before every exit of a synchronized method. */
    public static void release(Object monitor, ThreadState ts) {
        try {
            if (monitor != null) {
                synchronising(ts);
                released(ts);
                FT.release(ts, ENGINE.monitors.of(monitor, ts));
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** Before {@code Thread.start()}. */
    public static void fork(Thread child, ThreadState ts) {
        try {
            if (child != null) {
                synchronising(ts);
                released(ts);
                ENGINE.threads.fork(child, ts);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** After {@code Thread.join(..)} returned normally: a join edge only if the thread has terminated (join(ms) may time out). */
    public static void join(Thread joined, ThreadState ts) {
        try {
            if (joined != null) {
                ThreadState s = ENGINE.threads.stateOf(joined);
                if (s != null && ThreadLife.terminated(joined, s)) {
                    synchronising(ts);
                    ARRAYS.commit(s);                   // the joined thread has ended: run its pending checks as it
                    FT.join(ts, s);
                    if (s.placementVerifier != null) {
                        s.placementVerifier.end();      // the joined thread has ended: flush what it left pending
                    }
                    acquired(ts);
                }
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** After {@code Thread.isAlive()}: seeing a thread dead is a join. Returns {@code result} unchanged. */
    public static boolean isAlive(boolean result, Thread t, ThreadState ts) {
        if (!result) {
            join(t, ts);
        }
        return result;
    }

    /** Before {@code Object.wait(..)}: a release of the monitor, if this thread holds it (else wait will throw). */
    public static void waitBefore(Object monitor, ThreadState ts) {
        try {
            if (monitor != null && Thread.holdsLock(monitor)) {
                synchronising(ts);
                released(ts);
                FT.waitRelease(ts, ENGINE.monitors.of(monitor, ts));
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** After {@code Object.wait(..)} returned or threw: an acquire, if the monitor is held again. */
    public static void waitAfter(Object monitor, ThreadState ts) {
        try {
            if (monitor != null && Thread.holdsLock(monitor)) {
                synchronising(ts);
                FT.waitReacquire(ts, ENGINE.monitors.of(monitor, ts));
                acquired(ts);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** Before {@code CyclicBarrier.await(..)}. */
    public static void barrierBefore(Object barrier, ThreadState ts) {
        try {
            if (barrier != null) {
                synchronising(ts);
                released(ts);
                FT.barrierArrive(ts, ENGINE.barriers.of(barrier));
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** After {@code CyclicBarrier.await(..)} returned normally. */
    public static void barrierAfter(Object barrier, ThreadState ts) {
        try {
            if (barrier != null) {
                synchronising(ts);
                FT.barrierDepart(ts, ENGINE.barriers.of(barrier));
                acquired(ts);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    // ---------------------------------------------------------------- finalization

    /**
     * Before each return of a constructor of a class with a finalizer: a release into {@code obj}'s finalizer channel,
     * which its {@code finalize()} acquires from (JLS 17.4.5: the end of an object's constructor happens before the
     * start of its finalizer). A channel of its own, not {@code obj}'s java.util.concurrent one ({@link Channels}),
     * whose other releases would order the finalizer after more than the constructor.
     */
    public static void constructed(Object obj, ThreadState ts) {
        try {
            ENGINE.monitors.hasFinalizer(obj.getClass());
            releaseInto(finalizerChannel(obj), ts);
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** At the start of a {@code finalize()}: an acquire from {@code obj}'s finalizer channel. */
    public static void finalizing(Object obj, ThreadState ts) {
        try {
            acquireFrom(finalizerChannel(obj), ts);
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    private static VarState finalizerChannel(Object obj) {
        return ENGINE.finalizers.valueOf(obj, k -> new VarState());
    }

    // ---------------------------------------------------------------- java.util.concurrent ({@link Channels})

    /** Before a library call that publishes through {@code key} (unlock, countDown, release, a task's end). */
    public static void hbRelease(Object key, ThreadState ts) {
        try {
            if (key != null) {
                releaseInto(ENGINE.channels.of(key), ts);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** A release into a channel (VOLATILE WRITE: it joins the thread's clock, and the thread ticks). */
    private static void releaseInto(VarState channel, ThreadState ts) {
        synchronising(ts);
        released(ts);
        FT.volatileWrite(ts, channel);
    }

    /** An acquire from a channel (VOLATILE READ). */
    private static void acquireFrom(VarState channel, ThreadState ts) {
        synchronising(ts);
        FT.volatileRead(ts, channel);
        acquired(ts);
    }

    /** After a library call that receives through {@code key} (lock, await, acquire, Future.get, a task's start). */
    public static void hbAcquire(Object key, ThreadState ts) {
        try {
            if (key != null) {
                VarState channel = ENGINE.channels.of(key);
                acquireFrom(channel, ts);
                if (channel instanceof Channels.Joined joined) {
                    for (Object member : joined.members()) {
                        hbAcquire(member, ts);
                    }
                }
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** After {@code tryLock}, {@code tryAcquire}, a timed {@code await}: an acquire only if it succeeded. */
    public static boolean hbAcquireIf(boolean result, Object key, ThreadState ts) {
        if (result) {
            hbAcquire(key, ts);
        }
        return result;
    }

    /** After a call returning an object whose events are {@code key}'s (a read lock, a Condition, a Future). */
    public static Object hbAlias(Object alias, Object key) {
        try {
            if (alias != null && key != null) {
                ENGINE.channels.alias(alias, key);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
        return alias;
    }

    /** Before inserting {@code element} into {@code container}: a release into the element's channel, if concurrent. */
    public static void hbPublish(Object element, Object container, ThreadState ts) {
        if (element != null && Channels.concurrent(container)) {
            hbRelease(element, ts);
        }
    }

    /** After {@code element} was taken or read from {@code container}: an acquire from its channel, if concurrent. */
    public static Object hbReceive(Object element, Object container, ThreadState ts) {
        if (element != null && Channels.concurrent(container)) {
            hbAcquire(element, ts);
        }
        return element;
    }

    /** Before {@code key} is inserted into {@code map}: as {@link #hbPublish}, for a key the program may compare. */
    public static void hbPublishKey(Object key, Object map, ThreadState ts) {
        if (KeyComparisons.comparedByTheProgram(key)) {
            hbPublish(key, map, ts);
        }
    }

    /** Before a collection's call that may compare keys or elements ({@link KeyComparisons}). */
    public static void keyedCallStart(Object map, ThreadState ts) {
        if (ts == DETACHED) {
            return;                                                     // shared by threads: it counts nothing
        }
        try {
            KeyComparisons.callStart(map, ts);
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** After that call returned or threw. */
    public static void keyedCallEnd(Object map, ThreadState ts) {
        try {
            KeyComparisons.callEnd(map, ts);
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /**
     * At the entry of {@code a.equals(b)}, {@code a.compareTo(b)} or {@code compare(a, b)}: the outermost comparison
     * inside a concurrent collection's call acquires from a's and b's channels, if they have any
     * ({@link KeyComparisons}).
     */
    public static void keyComparisonStart(Object a, Object b, ThreadState ts) {
        if (KeyComparisons.start(ts)) {
            try {
                acquireFromExisting(a, ts);
                acquireFromExisting(b, ts);
            } catch (Throwable t) {
                FT.failed(t);
            }
        }
    }

    private static void acquireFromExisting(Object key, ThreadState ts) {
        VarState channel = key == null ? null : ENGINE.channels.existing(key);
        if (channel != null) {
            acquireFrom(channel, ts);
        }
    }

    /** Before each return of a key comparison. */
    public static void keyComparisonEnd(ThreadState ts) {
        KeyComparisons.end(ts);
    }

    /** In place of the function of a map's compute / merge ({@link Mappings}). */
    public static Object mapping(Object fn, Object map, ThreadState ts) {
        try {
            return Mappings.of(fn, map);
        } catch (Throwable t) {
            FT.failed(t);
            return fn;
        }
    }

    /** In place of the function of a CompletableFuture's dependent stage ({@link Stages}). */
    public static Object stage(Object fn, Object source, Object other, ThreadState ts) {
        return Stages.stage(fn, source, other, ts);
    }

    /** In place of a function given to a stream's method ({@link ParallelStreams}). */
    public static Object streamFunction(Object fn, Object stream, Class<?> type, boolean combiner, ThreadState ts) {
        try {
            return ParallelStreams.function(fn, stream, type, combiner, ENGINE.channels);
        } catch (Throwable t) {
            FT.failed(t);
            return fn;
        }
    }

    /** After an intermediate operation of a stream: the stream it returned is of the same pipeline. */
    public static Object streamStage(Object result, Object stream) {
        try {
            ParallelStreams.stage(result, stream, ENGINE.channels);
        } catch (Throwable t) {
            FT.failed(t);
        }
        return result;
    }

    /** Before a terminal operation: what the caller did happens before its parallel functions' calls. */
    public static void streamRelease(Object stream, ThreadState ts) {
        if (ParallelStreams.isParallel(stream)) {
            hbRelease(stream, ts);
        }
    }

    /** After a terminal operation: its parallel functions' calls happen before what the caller does next. */
    public static void streamAcquire(Object stream, ThreadState ts) {
        if (ParallelStreams.isParallel(stream)) {
            hbAcquire(ENGINE.channels.companion(stream), ts);
        }
    }

    /** In place of a task handed to an executor ({@link Tasks}). */
    public static Runnable taskRunnable(Runnable task, Object executor, ThreadState ts) {
        return Tasks.runnable(task, executor, ts);
    }

    /** In place of the task of a thread a Thread.Builder starts at once ({@link StartedTask}). */
    public static Runnable threadRunnable(Runnable task, Object builder, ThreadState ts) {
        return StartedTask.of(task, ts);
    }

    /** The first action of a thread a Thread.Builder started: its state, made with where it was started. */
    static void threadStarted(String startSite) {
        try {
            ENGINE.threads.currentStartedAt(startSite);
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    public static java.util.concurrent.Callable<?> taskCallable(java.util.concurrent.Callable<?> task, Object executor,
            ThreadState ts) {
        return Tasks.callable(task, executor, ts);
    }

    public static java.util.function.Supplier<?> taskSupplier(java.util.function.Supplier<?> task, Object executor,
            ThreadState ts) {
        return Tasks.supplier(task, executor, ts);
    }

    /** In place of the callables of an {@code invokeAll} / {@code invokeAny}. */
    public static java.util.Collection<?> tasks(java.util.Collection<?> callables, Object executor, ThreadState ts) {
        return Tasks.callables(callables, executor, ts);
    }

    /** After {@code invokeAll} returned: every task has ended. */
    public static void hbAcquireAll(Object keys, ThreadState ts) {
        try {
            for (Object key : Channels.elements(keys)) {
                hbAcquire(key, ts);
            }
        } catch (Throwable t) { // the program's collection, iterated: never the program's failure
            FT.failed(t);
        }
    }

    /** Before {@code ForkJoinTask.invokeAll} of an array or a collection: a release into each task. */
    public static void hbReleaseAll(Object keys, ThreadState ts) {
        try {
            for (Object key : Channels.elements(keys)) {
                hbRelease(key, ts);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
    }

    /** After {@code CompletableFuture.allOf} / {@code anyOf}: {@code result} completes after its members ({@link Channels#join}). */
    public static Object joined(Object result, Object[] members, boolean any) {
        try {
            if (result != null && members != null) {
                ENGINE.channels.join(result, members, any);
            }
        } catch (Throwable t) {
            FT.failed(t);
        }
        return result;
    }
}
