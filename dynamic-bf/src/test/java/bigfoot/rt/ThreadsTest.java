package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Thread states: fork hand-over, tid reuse (only when sound), names of old epochs, totals. */
class ThreadsTest {

    private final Sim sim = new Sim();
    private final Threads threads = new Threads(sim.ft);
    private final ThreadState main = threads.current();

    @Test
    void aForkedThreadPicksUpTheStateMadeAtFork() throws InterruptedException {
        AtomicReference<ThreadState> seen = new AtomicReference<>();
        Thread t = new Thread(() -> seen.set(threads.current()), "child");
        ThreadState forked = threads.fork(t, main);
        t.start();
        t.join();
        assertSame(forked, seen.get());
        assertSame(forked, threads.stateOf(t));
        assertTrue(forked.attached);
    }

    /**
     * A thread whose slot an ended thread holds takes it: a miss there is a branch compiled code has not taken, which
     * deoptimises every compiled method that inlined it, each time another such thread runs it.
     */
    @Test
    void aThreadTakesTheSlotOfAnEndedThread() throws InterruptedException {
        Thread first = Workers.run(threads, "first", ts -> { });
        assertTrue(threads.holdsSlot(first));
        Thread second = new Thread(() -> threads.current(), "second");
        for (int n = 0; (second.getId() - first.getId()) % 4096 != 0; n++) {   // the next thread of first's slot
            second = new Thread(() -> threads.current(), "second");
            assertTrue(n < 10_000);
        }
        second.start();
        second.join();
        assertTrue(threads.holdsSlot(second), "the ended thread's slot is taken");
        assertFalse(threads.holdsSlot(first));
    }

    @Test
    void theCurrentStateIsStablePerThread() {
        assertSame(main, threads.current());
    }

    @Test
    void aStartedThreadCannotBeForked() throws InterruptedException {
        Thread t = Workers.run(threads, "done", ts -> { });
        assertNull(threads.fork(t, main));
    }

    @Test
    void aJoinedThreadsTidIsReusedWithAHigherClock() throws InterruptedException {
        Thread a = Workers.forkAndRun(threads, main, "a", ts -> sim.order(ts, ts));
        ThreadState as = threads.stateOf(a);
        long lastOfA = as.epoch;
        sim.ft.join(main, as);
        Thread b = new Thread(() -> { }, "b");
        ThreadState bs = threads.fork(b, main);
        assertEquals(as.tid, bs.tid);
        assertTrue(bs.epoch > lastOfA, "a reused tid starts above its previous owner's last clock");
        assertEquals("a", threads.nameOf(lastOfA));
        assertEquals("b", threads.nameOf(bs.epoch));
    }

    @Test
    void anUnjoinedThreadsTidIsNotReused() throws InterruptedException {
        Thread a = Workers.forkAndRun(threads, main, "a", ts -> { });
        ThreadState bs = threads.fork(new Thread(() -> { }, "b"), main);
        assertNotEquals(threads.stateOf(a).tid, bs.tid, "the forker is not ordered after a's end");
    }

    @Test
    void aLiveThreadsTidIsNotReusedEvenIfTheForkerKnowsItsCurrentEpoch() throws InterruptedException {
        CountDownLatch released = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        LockState m = new LockState();
        Thread a = new Thread(() -> {
            ThreadState ts = threads.current();
            sim.ft.acquire(ts, m);
            sim.ft.release(ts, m);
            released.countDown();
            awaitQuietly(finish);
        }, "a");
        ThreadState as = threads.fork(a, main);
        a.start();
        released.await();
        sim.ft.acquire(main, m);                                  // main now knows a's clock up to its release
        sim.ft.release(main, m);
        ThreadState bs = threads.fork(new Thread(() -> { }, "b"), main);
        finish.countDown();
        a.join();
        assertNotEquals(as.tid, bs.tid);
    }

    @Test
    void threadsNotForkedByInstrumentedCodeAlwaysGetFreshTids() throws InterruptedException {
        Thread a = Workers.run(threads, "pool-1", ts -> { });
        ThreadState as = threads.stateOf(a);
        sim.ft.join(main, as);
        Thread b = Workers.run(threads, "pool-2", ts -> { });
        assertNotEquals(as.tid, threads.stateOf(b).tid);
    }

    @Test
    void totalsSumEveryThreadIncludingRetiredOwnersOfReusedTids() throws InterruptedException {
        VarState x = new VarState();
        Thread a = Workers.forkAndRun(threads, main, "a", ts -> sim.ft.write(ts, x, 0));
        sim.ft.join(main, threads.stateOf(a));
        Workers.forkAndRun(threads, main, "b", ts -> {
            sim.ft.write(ts, x, 0);
            sim.ft.read(ts, x, 0);
        });
        long[] totals = threads.totals();
        assertEquals(3, totals[0]);
        assertEquals(3, totals[1], "main, a and b");
    }

    /** A thread without a name (a virtual thread's default) is named by its id in reports, not as an empty string. */
    @Test
    void anUnnamedThreadIsNamedByItsId() throws InterruptedException {
        Thread t = Workers.run(threads, "", ts -> sim.order(ts, ts));
        ThreadState s = threads.stateOf(t);
        assertEquals("thread#" + t.getId(), threads.nameOf(s.epoch));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * RETIRED: once a thread nobody joined is collected, its state keeps its epoch but drops its clock (one per task of
     * a thread-per-task program would otherwise stay for the whole run); a thread still referenced keeps its clock.
     */
    @Test
    void theStatesOfCollectedThreadsAreRetiredAndLiveOnesAreNot() throws InterruptedException {
        ThreadState gone = stateOfCollected();
        Thread kept = Workers.run(threads, "kept", ts -> sim.order(ts, ts));
        ThreadState keptState = threads.stateOf(kept);
        long goneEpoch = gone.epoch;
        for (int i = 0; i < 2_048 && !gone.retired; i++) {              // registrations make the sweeps
            if (i % 256 == 0) {
                System.gc();
            }
            Workers.run(threads, "t" + i, ts -> { });
        }
        assertTrue(gone.retired, "a collected thread's state is retired");
        assertEquals(goneEpoch, gone.epoch, "its epoch stays, for tid reuse");
        assertEquals(Epoch.make(gone.tid, 0), gone.get(gone.tid), "its clock is gone");
        assertTrue(!keptState.retired && keptState.get(keptState.tid) == keptState.epoch, "a live reference keeps it");
        assertEquals("kept", kept.getName());
    }

    /** The state of a thread that ran, whose Thread object nothing references any more. */
    private ThreadState stateOfCollected() throws InterruptedException {
        AtomicReference<ThreadState> state = new AtomicReference<>();
        Workers.run(threads, "gone", ts -> {
            sim.order(ts, ts);
            state.set(ts);
        });
        return state.get();
    }
}
