package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;
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
            differential(random, maxTid, () -> random.nextInt(10) < 7 ? random.nextInt(Math.min(maxTid, 40)) : random.nextInt(maxTid));
        }
    }

    /**
     * OVERLAY, differentially: the same operations over clocks drawing their tids from pools of 12 to 96 spread over
     * 40,000 (one of them below 32, as main's), most often from a few of them, so overlays fill, are set into their
     * roots, are shared by copies and joins, and meet roots that hold the same tids.
     */
    @Test
    void overlaysBehaveAsSeparateArrays() {
        for (int pool : new int[] {12, 24, 40, 96}) {
            for (int seed = 0; seed < 3; seed++) {
                Random random = new Random(pool * 10L + seed);
                int[] tids = random.ints(pool, 0, 40_000).toArray();
                tids[0] = 1;
                differential(random, 40_000, () -> tids[random.nextInt(random.nextInt(10) < 6 ? 4 : tids.length)]);
            }
        }
    }

    /**
     * OVERLAY: an entry set below its root's (a set may lower an entry) overrides the root in reads, comparisons and
     * joins, also when a join trims a full overlay of the entries its root already holds.
     */
    @Test
    void anOverlayEntryBelowItsRootsStillOverridesIt() {
        VectorClock a = new VectorClock();
        for (int tid = 100; tid <= 116; tid++) {                  // one past the overlay's bound: set into the root
            a.set(tid, Epoch.make(tid, 50));
        }
        a.set(100, Epoch.make(100, 10));
        VectorClock b = a.snapshot();
        b.set(100, Epoch.make(100, 20));
        assertEquals(-1, a.firstNotLeq(b), "10 <= 20, whatever the shared root holds");
        assertEquals(100, b.firstNotLeq(a));
        VectorClock many = new VectorClock();
        for (int tid = 200; tid < 216; tid++) {
            many.set(tid, Epoch.make(tid, 1));
        }
        a.joinFrom(many);                                         // 17 overlay entries: trimmed, then set into the root
        assertEquals(Epoch.make(100, 10), a.get(100));
        assertEquals(Epoch.make(215, 1), a.get(215));
        assertEquals(Epoch.make(116, 50), a.get(116));
    }

    /**
     * Random operations on tids below {@code maxTid} drawn from {@code tids}; after each, every clock reads as its
     * model at the tids below 64 and at every tid ever set and its neighbours.
     */
    private static void differential(Random random, int maxTid, IntSupplier tids) {
        boolean[] probed = new boolean[maxTid + 1];
        List<Integer> probes = new ArrayList<>();
        IntStream.range(0, Math.min(64, maxTid + 1)).forEach(t -> probe(t, probed, probes));
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
            switch (random.nextInt(6)) {
                case 0, 1 -> {
                    int tid = tids.getAsInt();
                    IntStream.of(tid - 1, tid, tid + 1).filter(t -> t >= 0).forEach(t -> probe(t, probed, probes));
                    long e = Epoch.make(tid, 1 + random.nextInt(1_000));
                    clocks[a].set(tid, e);
                    model[a] = set(model[a], tid, e);
                }
                case 2 -> {
                    clocks[a].joinFrom(clocks[b]);
                    long[] m = model[b].length == 0 ? model[a] : set(model[a], model[b].length - 1, get(model[a], model[b].length - 1));
                    for (int i = 0; i < model[b].length; i++) {
                        m[i] = Math.max(m[i], model[b][i]);
                    }
                    model[a] = m;
                }
                case 3 -> {
                    clocks[a].copyFrom(clocks[b]);
                    model[a] = model[b].clone();
                }
                case 4 -> {
                    clocks[a].clear();
                    model[a] = new long[0];
                }
                default -> {
                    clocks[a] = clocks[b].snapshot();
                    model[a] = model[b].clone();
                }
            }
            for (int c = 0; c < n; c++) {
                assertModel(clocks[c], model[c], probes, c, step);
            }
            int x = random.nextInt(n);
            int y = random.nextInt(n);
            assertEquals(firstNotLeq(model[x], model[y]), clocks[x].firstNotLeq(clocks[y]), "firstNotLeq at step " + step);
            assertEquals(firstNotLeq(model[x], model[y]) < 0 && firstNotLeq(model[y], model[x]) < 0,
                    clocks[x].sameAs(clocks[y]), "sameAs at step " + step);
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

    private static void probe(int tid, boolean[] probed, List<Integer> probes) {
        if (tid < probed.length && !probed[tid]) {
            probed[tid] = true;
            probes.add(tid);
        }
    }

    private static void assertModel(VectorClock clock, long[] model, List<Integer> probes, int c, int step) {
        for (int i : probes) {
            if (clock.get(i) != get(model, i)) {
                assertEquals(Epoch.toString(get(model, i)), Epoch.toString(clock.get(i)),
                        "clock " + c + " after step " + step + ", entry " + i);
            }
        }
        assertTrue(clock.size() >= lastSet(model), "clock " + c + " after step " + step + ": size " + clock.size());
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
