package bigfoot.rt;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.List;

/**
 * The thread registry: each thread's {@link ThreadState} (ThreadLocal for the thread itself, a weak
 * identity map from the Thread object for forkers and joiners), tid allocation, and per-tid ownership
 * history for naming the thread of an old epoch in a report.
 *
 * <p>Tid reuse: a forked thread inherits the tid of an earlier thread u only if u has terminated AND
 * u's last epoch is already ⪯ the forker's clock (the forker joined u, directly or transitively). The
 * new owner then starts at u's last clock + 1, so its epochs stay above everything u did, and every
 * epoch of u that survives in shadow state is genuinely ordered before everything the new owner does;
 * the same-thread shortcut {@code tid(w) == st.tid} therefore stays sound. Threads that start outside
 * instrumented code (main, pool threads) have no forker and always get a fresh tid.
 */
final class Threads {

    /** One tid: its current owner's state and every owner it has had. */
    private static final class Slot {
        ThreadState state;
        final List<ThreadIdentity> owners = new ArrayList<>(1);

        ThreadIdentity owner() {
            return owners.get(owners.size() - 1);
        }
    }

    private final FastTrack detector;
    private final ThreadLocal<ThreadState> local = new ThreadLocal<>();
    /**
     * Threads' entries by the low bits of their ids, in front of {@link #local}: a load and an identity test
     * instead of a ThreadLocal lookup at every method that checks (applications' own ThreadLocals make those
     * probe). A thread claims its slot when it attaches, or later if the slot is empty or its thread was
     * collected; a thread whose slot another live thread holds uses the ThreadLocal. Slots are written racily: an
     * entry that refers to the calling thread is that thread's, whoever wrote it (its value is final).
     */
    @SuppressWarnings("unchecked")
    private final WeakIdentityMap.Entry<ThreadState>[] byId = new WeakIdentityMap.Entry[BY_ID_SLOTS];
    private static final int BY_ID_SLOTS = 64;
    private final WeakIdentityMap<ThreadState> byThread = new WeakIdentityMap<>();
    private final List<Slot> slots = new ArrayList<>();
    /** The identities of collected threads, to retire their states. */
    private final ReferenceQueue<Thread> collected = new ReferenceQueue<>();
    private long retiredChecks;
    private long retiredAccesses;
    private int created;

    Threads(FastTrack detector) {
        this.detector = detector;
    }

    /** The calling thread's state; on first use, the state made when it was forked, or a fresh one. */
    ThreadState current() {
        Thread t = Thread.currentThread();
        int slot = (int) t.getId() & (BY_ID_SLOTS - 1);
        WeakIdentityMap.Entry<ThreadState> e = byId[slot];
        if (e != null && e.refersTo(t)) {
            return e.value;
        }
        ThreadState s = local.get();
        if (s == null) {
            return attach(t, slot);
        }
        claim(t, slot);
        return s;
    }

    private synchronized ThreadState attach(Thread t, int slot) {
        WeakIdentityMap.Entry<ThreadState> forked = byThread.find(t);
        ThreadState s = forked != null ? forked.value : register(t, slots.size(), 1, null);
        s.attached = true;
        local.set(s);
        claim(t, slot);
        return s;
    }

    /** Gives {@code t} its {@link #byId} slot if no other thread holds it. */
    private void claim(Thread t, int slot) {
        WeakIdentityMap.Entry<ThreadState> e = byId[slot];
        if (e == null || e.refersTo(null)) {
            byId[slot] = byThread.find(t);
        }
    }

    /**
     * FORK of {@code child} by {@code parent}, before {@code child.start()}: makes (or finds) the child's
     * state and applies the fork rule. Null if the child has already started (start() will throw).
     */
    synchronized ThreadState fork(Thread child, ThreadState parent) {
        WeakIdentityMap.Entry<ThreadState> existing = byThread.find(child);
        ThreadState state = existing != null ? existing.value : null;
        if (!ThreadLife.notStarted(child, state)) {
            return null;
        }
        if (state == null) {
            int tid = reusableTid(parent);
            String started = startSite();
            state = tid < 0 ? register(child, slots.size(), 1, started)
                    : register(child, tid, Epoch.clock(slots.get(tid).state.epoch) + 1, started);
        }
        detector.fork(parent, state);
        return state;
    }

    /** The state of {@code t} if it has one (it was forked by instrumented code or ran instrumented code). */
    ThreadState stateOf(Thread t) {
        WeakIdentityMap.Entry<ThreadState> e = byThread.find(t);
        return e == null ? null : e.value;
    }

    /** The name of the thread that owned {@code epoch}'s tid at that epoch. */
    synchronized String nameOf(long epoch) {
        ThreadIdentity owner = ownerOf(epoch);
        return owner == null ? "tid " + Epoch.tid(epoch) : owner.name();
    }

    /** Where the thread that owned {@code epoch}'s tid was started ({@code by "main" at ...}), or null. */
    synchronized String startOf(long epoch) {
        ThreadIdentity owner = ownerOf(epoch);
        return owner == null ? null : owner.started;
    }

    private ThreadIdentity ownerOf(long epoch) {
        int tid = Epoch.tid(epoch);
        if (tid >= slots.size()) {
            return null;
        }
        List<ThreadIdentity> owners = slots.get(tid).owners;
        for (int i = owners.size() - 1; i > 0; i--) {
            if (owners.get(i).firstEpoch <= epoch) {
                return owners.get(i);
            }
        }
        return owners.get(0);
    }

    /**
     * {@code by "main" at demo.Bank.main(Bank.java:40)}: the starting thread and the program frame that called the
     * runtime's fork entry point (one stack walk per thread start), or null when not called through it.
     */
    private static String startSite() {
        StackWalker.StackFrame caller = StackWalker.getInstance().walk(frames -> frames
                .dropWhile(f -> !f.getClassName().equals(RT.class.getName()))
                .dropWhile(f -> f.getClassName().equals(RT.class.getName()))
                .findFirst().orElse(null));
        return caller == null ? null : "by \"" + Thread.currentThread().getName() + "\" at " + caller.getClassName() + "."
                + caller.getMethodName() + "(" + caller.getFileName() + ":" + caller.getLineNumber() + ")";
    }

    /** Counters summed over every thread seen: {checks, accesses, threads}. Approximate while threads still run. */
    synchronized long[] totals() {
        long checks = retiredChecks;
        long accesses = retiredAccesses;
        for (Slot s : slots) {
            checks += s.state.checks;
            accesses += s.state.accesses;
        }
        return new long[] {checks, accesses, created};
    }

    /** The current state of every tid (a reused tid's earlier owners were joined, so their footprints are committed). */
    synchronized List<ThreadState> states() {
        List<ThreadState> all = new ArrayList<>(slots.size());
        for (Slot s : slots) {
            all.add(s.state);
        }
        return all;
    }

    private int reusableTid(ThreadState parent) {
        int known = Math.min(slots.size(), parent.size());
        for (int tid = 0; tid < known; tid++) {
            Slot s = slots.get(tid);
            Thread owner = s.owner().thread();
            boolean terminated = owner == null || ThreadLife.terminated(owner, s.state);
            if (terminated && parent.get(tid) >= s.state.epoch) {
                return tid;
            }
        }
        return -1;
    }

    private ThreadState register(Thread t, int tid, long startClock, String started) {
        if (tid > Epoch.MAX_TID) {
            throw new IllegalStateException("more than " + Epoch.MAX_TID + " thread ids in use");
        }
        long start = Epoch.make(tid, startClock);
        ThreadState s = new ThreadState(tid, start);
        Slot slot;
        if (tid == slots.size()) {
            slot = new Slot();
            slots.add(slot);
        } else {
            slot = slots.get(tid);
            retiredChecks += slot.state.checks;
            retiredAccesses += slot.state.accesses;
        }
        slot.state = s;
        slot.owners.add(new ThreadIdentity(start, t, started, collected));
        byThread.entry(t, k -> s);
        created++;
        retireCollected();
        return s;
    }

    /**
     * RETIRED: the states of threads whose Thread objects were collected since the last registration
     * ({@link ThreadState#retire}), unless a later thread owns the tid now, or array checks are pending (a collected
     * thread's are committed at exit only).
     */
    private void retireCollected() {
        for (Reference<? extends Thread> r; (r = collected.poll()) != null; ) {
            Slot s = slots.get(Epoch.tid(((ThreadIdentity) r).firstEpoch));
            if (s.owner() == r && !s.state.hasPendingArrayChecks()) {
                s.state.retire();
            }
        }
    }
}
