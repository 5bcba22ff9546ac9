package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class VectorClockTest {

    @Test
    void entriesPastTheEndReadAsZeroEpochsOfTheirThread() {
        VectorClock v = new VectorClock();
        assertEquals(Epoch.make(5, 0), v.get(5));
        v.set(5, Epoch.make(5, 3));
        assertEquals(Epoch.make(5, 3), v.get(5));
        assertEquals(Epoch.make(2, 0), v.get(2));
    }

    @Test
    void joinIsThePointwiseMaximum() {
        VectorClock a = new VectorClock();
        VectorClock b = new VectorClock();
        a.set(0, Epoch.make(0, 4));
        a.set(1, Epoch.make(1, 1));
        b.set(1, Epoch.make(1, 7));
        b.set(3, Epoch.make(3, 2));
        a.joinFrom(b);
        assertEquals(Epoch.make(0, 4), a.get(0));
        assertEquals(Epoch.make(1, 7), a.get(1));
        assertEquals(Epoch.make(3, 2), a.get(3));
        assertEquals(-1, b.firstNotLeq(a));
    }

    /** Two threads handing a lock back and forth (release = copy, acquire = join) must not grow their clocks. */
    @Test
    void lockHandOffsDoNotGrowClocks() {
        ThreadState t = new ThreadState(3, Epoch.make(3, 1));        // clocks of slightly different lengths
        ThreadState u = new ThreadState(4, Epoch.make(4, 1));
        LockState m = new LockState();
        for (int round = 0; round < 10_000; round++) {
            ThreadState from = round % 2 == 0 ? t : u;
            ThreadState to = round % 2 == 0 ? u : t;
            m.copyFrom(from);
            from.tick();
            to.joinFrom(m);
        }
        assertTrue(t.size() <= 8 && u.size() <= 8 && m.size() <= 8,
                "sizes " + t.size() + ", " + u.size() + ", " + m.size());
    }

    /**
     * SHARED SUBTREES, differentially: random sets, joins, copies and snapshots over clocks of up to 40,000 tids
     * (tries three levels deep) and of a few tids (one leaf), against flat arrays; after every operation every clock
     * reads as its model, so no change through one clock shows through another that shares its nodes.
     */
    @Test
    void sharedSubtreesBehaveAsSeparateArrays() {
        for (int maxTid : new int[] {20, 100, 3_000, 40_000}) {
            Random random = new Random(maxTid);
            int n = 6;
            VectorClock[] clocks = new VectorClock[n];
            long[][] model = new long[n][];
            for (int c = 0; c < n; c++) {
                clocks[c] = new VectorClock();
                model[c] = new long[0];
            }
            for (int step = 0; step < 3_000; step++) {
                int a = random.nextInt(n);
                int b = random.nextInt(n);
                switch (random.nextInt(5)) {
                    case 0, 1 -> {
                        int tid = random.nextInt(10) < 7 ? random.nextInt(Math.min(maxTid, 40)) : random.nextInt(maxTid);
                        long e = Epoch.make(tid, 1 + random.nextInt(1_000));
                        clocks[a].set(tid, e);
                        model[a] = set(model[a], tid, e);
                    }
                    case 2 -> {
                        clocks[a].joinFrom(clocks[b]);
                        long[] m = model[a];
                        for (int i = 0; i < model[b].length; i++) {
                            m = set(m, i, Math.max(get(m, i), model[b][i]));
                        }
                        model[a] = m;
                    }
                    case 3 -> {
                        clocks[a].copyFrom(clocks[b]);
                        model[a] = model[b].clone();
                    }
                    default -> {
                        clocks[a] = clocks[b].snapshot();
                        model[a] = model[b].clone();
                    }
                }
                for (int c = 0; c < n; c++) {
                    assertModel(clocks[c], model[c], maxTid, "clock " + c + " after step " + step + " (tids < " + maxTid + ")");
                }
                int x = random.nextInt(n);
                int y = random.nextInt(n);
                assertEquals(firstNotLeq(model[x], model[y]), clocks[x].firstNotLeq(clocks[y]), "firstNotLeq at step " + step);
                assertEquals(firstNotLeq(model[x], model[y]) < 0 && firstNotLeq(model[y], model[x]) < 0,
                        clocks[x].sameAs(clocks[y]), "sameAs at step " + step);
            }
        }
    }

    /** A clock of a few tids changes its entries in place: a large clock that joins or copies it must copy them. */
    @Test
    void aFewTidsClockJoinedIntoALargeOneIsNotChangedThroughIt() {
        VectorClock few = new VectorClock();
        few.set(1, Epoch.make(1, 5));
        VectorClock empty = new VectorClock();                    // no leaf for tids 0..31: takes the joined one over
        empty.set(5_000, Epoch.make(5_000, 1));
        VectorClock below = new VectorClock();                    // a leaf the joined one covers: adopts it
        below.set(1, Epoch.make(1, 2));
        below.set(5_000, Epoch.make(5_000, 1));
        VectorClock copied = new VectorClock();
        copied.set(5_000, Epoch.make(5_000, 1));
        empty.joinFrom(few);
        below.joinFrom(few);
        copied.copyFrom(few);
        few.set(1, Epoch.make(1, 9));
        few.set(2, Epoch.make(2, 9));
        for (VectorClock c : new VectorClock[] {empty, below, copied}) {
            assertEquals(Epoch.make(1, 5), c.get(1));
            assertEquals(Epoch.make(2, 0), c.get(2));
        }
        assertEquals(Epoch.make(5_000, 1), below.get(5_000));
    }

    /** Tasks on threads of their own meeting in one atomic (read and write): the atomic's clock knows every release. */
    @Test
    void aHubMetByManyThreadsKnowsEveryRelease() {
        VectorClock hub = new VectorClock();
        ThreadState main = new ThreadState(0, Epoch.make(0, 1));
        for (int k = 1; k <= 20_000; k++) {
            ThreadState task = new ThreadState(k, Epoch.make(k, 1));
            task.joinFrom(main);
            main.tick();
            task.joinFrom(hub);                                   // the atomic's read
            hub.joinFrom(task);                                   // its write
            task.tick();
            assertEquals(k, task.firstNotLeq(hub), "the hub knows all the task knows but its tick");
        }
        for (int k = 1; k <= 20_000; k++) {
            assertEquals(Epoch.make(k, 1), hub.get(k), "task " + k + "'s release");
        }
    }

    private static void assertModel(VectorClock clock, long[] model, int maxTid, String what) {
        for (int i = 0; i < Math.min(maxTid, model.length + 40); i++) {
            if (clock.get(i) != get(model, i)) {
                assertEquals(Epoch.toString(get(model, i)), Epoch.toString(clock.get(i)), what + ", entry " + i);
            }
        }
        assertTrue(clock.size() >= lastSet(model), what + ": size " + clock.size() + " below " + lastSet(model));
    }

    private static long get(long[] m, int i) {
        return i < m.length ? m[i] : Epoch.make(i, 0);
    }

    private static long[] set(long[] m, int i, long e) {
        long[] r = m;
        if (i >= m.length) {
            r = Arrays.copyOf(m, i + 1);
            for (int j = m.length; j <= i; j++) {
                r[j] = Epoch.make(j, 0);
            }
        }
        r[i] = e;
        return r;
    }

    private static int lastSet(long[] m) {
        for (int i = m.length - 1; i >= 0; i--) {
            if (m[i] != Epoch.make(i, 0)) {
                return i + 1;
            }
        }
        return 0;
    }

    private static int firstNotLeq(long[] a, long[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] > get(b, i)) {
                return i;
            }
        }
        return -1;
    }
}
