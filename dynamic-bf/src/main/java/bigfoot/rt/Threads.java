package bigfoot.rt;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

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
 * instrumented code (main, pool threads, virtual threads of an executor) have no forker and always get a fresh tid,
 * without this registry's monitor (a thread per task attaches on two carriers at once): a fresh tid's slot is filled
 * before it is published, and only a reuse, under the monitor, changes a published slot.
 */
final class Threads {

    /** One tid: its current owner's state and every owner it has had (changed under the monitor once published). */
    private static final class Slot {
        ThreadState state;
        final List<ThreadIdentity> owners = new ArrayList<>(1);

        Slot(ThreadState state, ThreadIdentity owner) {
            this.state = state;
            owners.add(owner);
        }

        ThreadIdentity owner() {
            return owners.get(owners.size() - 1);
        }
    }

    private final FastTrack detector;
    private final ThreadLocal<ThreadState> local = new ThreadLocal<>();
    /**
     * Threads' entries by the low bits of their ids, in front of {@link #local}: a load and an identity test
     * instead of a ThreadLocal lookup at every method that checks (applications' own ThreadLocals make those
     * probe). A thread claims its slot when it attaches, or later, if the slot is empty or its thread was collected
     * or has ended; a thread whose slot a thread that may still run holds uses the ThreadLocal. Slots are written
     * racily: an entry that refers to the calling thread is that thread's, whoever wrote it (its value is final).
     */
    @SuppressWarnings("unchecked")
    private final WeakIdentityMap.Entry<ThreadState>[] byId = new WeakIdentityMap.Entry[BY_ID_SLOTS];
    /**
     * Thread ids are handed out in sequence, so two live threads share a slot only when their ids are a multiple
     * of this apart: a program that keeps starting threads meets that (its main thread and a worker started this
     * many threads later) only after as many. The first such collision costs a deoptimisation of each compiled
     * method the second thread runs, as any miss does ({@link #claim}; once: compiled again, they keep both paths).
     */
    private static final int BY_ID_SLOTS = 4096;
    private final WeakIdentityMap<ThreadState> byThread = new WeakIdentityMap<>();
    /** The slots of tids {@code 0 .. nextTid - 1}, in chunks of {@value #CHUNK} made as needed; a null slot is not published yet. */
    private final AtomicReferenceArray<AtomicReferenceArray<Slot>> chunks =
            new AtomicReferenceArray<>(Epoch.MAX_TID / CHUNK + 1);
    private static final int CHUNK = 1024;
    private final AtomicInteger nextTid = new AtomicInteger();
    /** The identities of collected threads, to retire their states. */
    private final ReferenceQueue<Thread> collected = new ReferenceQueue<>();
    private long retiredChecks;
    private final AtomicInteger created = new AtomicInteger();

    Threads(FastTrack detector) {
        this.detector = detector;
    }

    /** The calling thread's state; on first use, the state made when it was forked, or a fresh one. */
    ThreadState current() {
        Thread t = Thread.currentThread();
        int slot = slotOf(t);
        WeakIdentityMap.Entry<ThreadState> e = byId[slot];
        return e != null && e.refersTo(t) ? e.value : missedSlot(t, slot);
    }

    /** {@link #current} when {@code t}'s slot does not hold it: called, not inlined ({@link JitOptions}). */
    private ThreadState missedSlot(Thread t, int slot) {
        ThreadState s = local.get();
        if (s == null) {
            return attach(t, slot, null);
        }
        claim(t, slot);
        return s;
    }

    /**
     * The calling thread's state, made with {@code started} as where it was started if it has none yet: the first
     * action of a thread a Thread.Builder started ({@link StartedTask}).
     */
    ThreadState currentStartedAt(String started) {
        Thread t = Thread.currentThread();
        ThreadState s = local.get();
        return s != null ? s : attach(t, slotOf(t), started);
    }

    private ThreadState attach(Thread t, int slot, String started) {
        WeakIdentityMap.Entry<ThreadState> forked = byThread.find(t);
        ThreadState s = forked != null ? forked.value : register(t, -1, 1, started);
        s.attached = true;
        local.set(s);
        claim(t, slot);
        return s;
    }

    /**
     * Gives {@code t} its {@link #byId} slot unless a thread that may still call in holds it: the slot is empty, or
     * its thread was collected or has terminated. Programs that start threads again and again (a pool per phase, a
     * merge thread per merge) would otherwise find most slots held by ended threads not yet collected, and every
     * such thread's checks would miss the slot: the miss is a branch compiled code has never taken, so each
     * compiled method a new thread runs would deoptimise and be compiled again.
     */
    private void claim(Thread t, int slot) {
        WeakIdentityMap.Entry<ThreadState> e = byId[slot];
        Thread holder = e == null ? null : (Thread) e.get();
        if (holder == null || holder != t && ThreadLife.terminated(holder, e.value)) {
            byId[slot] = byThread.find(t);
        }
    }

    /** True if {@code t}'s slot holds {@code t}: {@link #current} finds its state without the ThreadLocal. */
    boolean holdsSlot(Thread t) {
        WeakIdentityMap.Entry<ThreadState> e = byId[slotOf(t)];
        return e != null && e.refersTo(t);
    }

    private static int slotOf(Thread t) {
        return (int) t.getId() & (BY_ID_SLOTS - 1);
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
            state = register(child, tid, tid < 0 ? 1 : Epoch.clock(slot(tid).state.epoch) + 1, started);
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
        Slot slot = slot(Epoch.tid(epoch));
        if (slot == null) {
            return null;
        }
        List<ThreadIdentity> owners = slot.owners;
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
    static String startSite() {
        StackWalker.StackFrame caller = StackWalker.getInstance().walk(frames -> frames
                .dropWhile(f -> !f.getClassName().equals(RT.class.getName()))
                .dropWhile(f -> f.getClassName().equals(RT.class.getName()))
                .findFirst().orElse(null));
        return caller == null ? null : "by \"" + Thread.currentThread().getName() + "\" at " + caller.getClassName() + "."
                + caller.getMethodName() + "(" + caller.getFileName() + ":" + caller.getLineNumber() + ")";
    }

    /** Counters summed over every thread seen: {checks, threads}. Approximate while threads still run. */
    synchronized long[] totals() {
        long checks = retiredChecks;
        for (int tid = 0, n = tids(); tid < n; tid++) {
            Slot s = slot(tid);
            if (s != null) {
                checks += s.state.checks;
            }
        }
        return new long[] {checks, created.get()};
    }

    /** The current state of every tid (a reused tid's earlier owners were joined, so their footprints are committed). */
    synchronized List<ThreadState> states() {
        List<ThreadState> all = new ArrayList<>();
        for (int tid = 0, n = tids(); tid < n; tid++) {
            Slot s = slot(tid);
            if (s != null) {
                all.add(s.state);
            }
        }
        return all;
    }

    private int reusableTid(ThreadState parent) {
        int known = Math.min(tids(), parent.size());
        for (int tid = 0; tid < known; tid++) {
            Slot s = slot(tid);
            if (s == null) {
                continue;
            }
            Thread owner = s.owner().thread();
            boolean terminated = owner == null || ThreadLife.terminated(owner, s.state);
            if (terminated && parent.get(tid) >= s.state.epoch) {
                return tid;
            }
        }
        return -1;
    }

    /**
     * The state of {@code t} at tid {@code tid} (-1: a fresh tid, taken without the monitor) from {@code startClock};
     * a reuse of a published tid only under the monitor.
     */
    private ThreadState register(Thread t, int tid, long startClock, String started) {
        boolean fresh = tid < 0;
        if (fresh) {
            tid = nextTid.getAndIncrement();
            if (tid > Epoch.MAX_TID) {
                throw new IllegalStateException("more than " + Epoch.MAX_TID + " thread ids in use");
            }
        }
        long start = Epoch.make(tid, startClock);
        ThreadState s = new ThreadState(tid, start);
        ThreadIdentity owner = new ThreadIdentity(start, t, started, collected);
        if (fresh) {
            publish(tid, new Slot(s, owner));
        } else {
            Slot slot = slot(tid);
            retiredChecks += slot.state.checks;
            slot.state = s;
            slot.owners.add(owner);
        }
        byThread.entry(t, k -> s);
        created.incrementAndGet();
        retireCollected();
        return s;
    }

    /** The number of tids handed out (the counter may have passed the last one by failed registrations). */
    private int tids() {
        return Math.min(nextTid.get(), Epoch.MAX_TID + 1);
    }

    /** The slot of {@code tid}, or null if it is not published yet. */
    private Slot slot(int tid) {
        AtomicReferenceArray<Slot> chunk = chunks.get(tid / CHUNK);
        return chunk == null ? null : chunk.get(tid % CHUNK);
    }

    private void publish(int tid, Slot slot) {
        AtomicReferenceArray<Slot> chunk = chunks.get(tid / CHUNK);
        if (chunk == null) {
            chunks.compareAndSet(tid / CHUNK, null, new AtomicReferenceArray<>(CHUNK));
            chunk = chunks.get(tid / CHUNK);
        }
        chunk.set(tid % CHUNK, slot);
    }

    /**
     * RETIRED: the states of threads whose Thread objects were collected since the last registration
     * ({@link ThreadState#retire}), unless a later thread owns the tid now, or array checks are pending (a collected
     * thread's are committed at exit only).
     */
    private void retireCollected() {
        Reference<? extends Thread> r = collected.poll();        // most registrations: no lock, nothing to retire
        if (r == null) {
            return;
        }
        synchronized (this) {
            for (; r != null; r = collected.poll()) {
                Slot s = slot(Epoch.tid(((ThreadIdentity) r).firstEpoch));
                if (s.owner() == r && !s.state.hasPendingArrayChecks()) {
                    s.state.retire();
                }
            }
        }
    }
}
