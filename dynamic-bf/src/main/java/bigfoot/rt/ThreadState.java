package bigfoot.rt;

import java.util.Arrays;

/**
 * FT2's per-thread state {@code S_t = (V, E)}: the thread's vector clock (this object) and its current
 * epoch {@link #epoch} (E in the paper; invariant {@code epoch == get(tid)} until RETIRED). Rewritten code fetches it
 * with {@code RT.thread()} at a method invocation's first check or event and passes it to every check and event.
 *
 * <p>Everything here belongs to the thread it describes (Flanagan and Freund, "The FastTrack2 Race Detector", sections
 * 5 and 6): the forking thread owns it before the thread starts, the thread itself while it runs, and joiners read it
 * after it ends. So every field is plain; the counters and caches are touched by the owner only.
 */
public final class ThreadState extends PaddedClock {

    final int tid;
    /** E: the thread's current epoch, always equal to {@code get(tid)}. */
    long epoch;
    /** E as a {@link ShadowWord} compact epoch, or {@link ShadowWord#NO_WORD} if it does not fit in one. */
    long wordEpoch;

    /**
     * E, for rewritten code ({@code RuntimeApi.THREAD_EPOCH}): an activation's capsule check is redone only when it
     * changed.
     */
    public long epoch() {
        return epoch;
    }

    /**
     * The capsule location an activation on {@code this} last handed to the methods it calls on {@code this}
     * ({@code RuntimeApi.HAND_OFF}): the object, its capsule class's location shadow, the epoch of the activation's
     * check of it and whether that was a write check. A fact about this thread's past, true whenever it is read: the
     * location was checked in that epoch.
     */
    private Object handedObject;
    private FieldShadow handedLocation;
    private long handedEpoch = -1;
    private boolean handedWrite;

    /**
     * Before a call on {@code this} in an activation that checked {@code obj}'s {@code location} in {@code epoch} (a
     * write check if {@code write}), with no release since: a nested activation on {@code obj} in the same epoch
     * needs no check of its own ({@link #handedOff}).
     */
    public void handOff(Object obj, FieldShadow location, long epoch, boolean write) {
        handedObject = obj;
        handedLocation = location;
        handedEpoch = epoch;
        handedWrite = write;
    }

    /**
     * True if the last location handed off is {@code obj}'s {@code location}, checked in the current epoch by a write
     * check or, for a read ({@code !write}), by either: FastTrack's READ / WRITE SAME EPOCH, decided without the
     * location's words. An activation's first capsule check of a stretch asks this first.
     */
    public boolean handedOff(Object obj, FieldShadow location, boolean write) {
        return handedObject == obj && handedLocation == location && handedEpoch == epoch && (handedWrite || !write);
    }

    /**
     * The receiver of the program's call, just made, of code rewritten with {@code --elide dynamic-escape} that the JDK
     * may also call (a JDK type's abstract method, another jar's method, the program's own override of a JDK method);
     * null once that method took it at entry, or after the call.
     */
    private Object programCallee;

    /** Right before the program calls such a method ({@link #programCallee}) on {@code receiver}. */
    public void programCall(Object receiver) {
        programCallee = receiver;
    }

    /**
     * At the entry of a method that the JDK may call (and right after the program's call): true if the program just
     * called it on {@code self}, so what it returns stays the program's; forgets the call either way.
     */
    public boolean takeProgramCall(Object self) {
        boolean program = programCallee == self;
        programCallee = null;
        return program;
    }

    /** Keyed calls of concurrent maps this thread is inside, and key comparisons inside them ({@link KeyComparisons}). */
    int keyedCalls;
    int keyComparisons;

    /** Race checks run by this thread, one per location a check covered (summed at exit). */
    long checks;

    /**
     * The arrays this thread looked up recently, two ways per set of identity hashes ({@link ArrayShadows}): a
     * stencil over rows {@code up[j] + row[j] + down[j]} keeps all three without touching the shared map.
     */
    @SuppressWarnings("unchecked")
    WeakIdentityMap.Entry<ArrayShadow>[] arrayCache = new WeakIdentityMap.Entry[2 * ARRAY_CACHE_SETS];
    static final int ARRAY_CACHE_SETS = 16;
    /**
     * Array checks not yet run ({@code arrays=adaptive}): committed before this thread's next synchronisation. Made at
     * the first such check: a thread of a fine run, or one that checks no array, makes none (about 8 KB each, for
     * every one of a program's short-lived threads).
     */
    private Footprint footprint;
    /** The last monitor this thread acquired or released. */
    WeakIdentityMap.Entry<LockState> recentLock;

    /** The barrier generation this thread joined in its last {@code barrierBefore}, until its {@code barrierAfter}. */
    BarrierState.Generation barrierGeneration;
    /** The re-entrancy depth given up by {@code waitBefore}, restored by {@code waitAfter}. */
    int waitDepth;

    /** This thread's precise-checks oracle in verify mode (made by the thread itself), else null. */
    PlacementVerifier placementVerifier;

    /** Under another tool ({@code --tool}): this thread's checks not yet handed to it (made at its first), else null. */
    LiveTool.Pending toolPending;

    /** Set when the thread itself first asks for its state (so it has certainly started). */
    volatile boolean attached;

    /** RETIRED ({@link #retire}), under the {@link Threads} monitor. */
    boolean retired;

    /** This thread's footprint, made now if it has none. */
    Footprint footprint() {
        Footprint f = footprint;
        if (f == null) {
            footprint = f = new Footprint();
        }
        return f;
    }

    /** True if this thread has array checks pending in its footprint. */
    boolean hasPendingArrayChecks() {
        Footprint f = footprint;
        return f != null && !f.isEmpty();
    }

    /**
     * Empties the array cache at the end of a task ({@link HandOff}): a task's arrays are often its own, dead once it
     * ends, and a cached entry would keep their shadows until the thread runs another task or is retired.
     */
    void forgetArrays() {
        Arrays.fill(arrayCache, null);
    }

    /**
     * RETIRED: this thread is gone for good (its Thread object was collected, so nothing can join it and it runs no
     * more code) and has no array checks pending: its clock and caches go, which only it or a joiner could use; its
     * epoch (for tid reuse) and counters stay. A thread per task, never joined, would otherwise keep its clock and
     * the shadows of the arrays it last checked for the whole run.
     */
    void retire() {
        retired = true;
        clear();
        arrayCache = null;
        recentLock = null;
        barrierGeneration = null;
        footprint = null;
    }

    /** A state for thread {@code tid} whose clock starts at {@code start}: V = ⊥V[tid := start], E = start. */
    ThreadState(int tid, long start) {
        this.tid = tid;
        set(tid, start);
        this.epoch = start;
        this.wordEpoch = ShadowWord.compact(start);
    }

    /** {@code inc_t}: advance this thread's own entry and refresh E. */
    void tick() {
        epoch = epoch + 1;
        wordEpoch = ShadowWord.compact(epoch);
        set(tid, epoch);
    }

    @Override
    public String toString() {
        return "ThreadState[tid=" + tid + ", E=" + Epoch.toString(epoch) + ", V=" + super.toString() + "]";
    }
}
