package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Footprints and the coarse / block / fine array shadows of {@code arrays=adaptive}, on explicit state. */
class AdaptiveArrayShadowTest {

    private final ArrayRig rig = new ArrayRig(true, true);
    private final Sim sim = new Sim();

    @Test
    void aRaceOnOneElementOfALargeCoarseArrayIsFoundThere() {
        ThreadState[] t = sim.forkedThreads(3);
        int n = 100_000;
        ArrayShadow a = rig.array(long[].class, n);
        rig.write(t[1], a, 0, n, 1, 1);
        assertEquals(0, t[1].checks, "a footprint touches no shadow until it is committed");
        rig.checks.commit(t[1]);
        assertEquals(1, t[1].checks, "the whole array is one FastTrack operation while coarse");
        assertEquals(1, a.blockCount());
        rig.write(t[2], a, 500, 501, 1, 2);
        rig.checks.commit(t[2]);
        assertEquals(List.of(new ArrayRig.Location("long[]", 500, RaceKind.WRITE_WRITE)), rig.races);
        assertEquals(List.of(2), rig.raceSites, "reported with the site of the committed range");
        assertEquals(3, a.blockCount(), "[0,500) [500,501) [501,n)");
        assertEquals(3, rig.allocated.sum(), "shadow memory: 3 states where fine needs " + n);
    }

    @Test
    void adjacentElementChecksMergeIntoOneRange() {
        ThreadState t = Sim.thread(0);
        ArrayShadow a = rig.array(int[].class, 1000);
        for (int i = 0; i < 1000; i++) {
            rig.read(t, a, i, i + 1, 1, 3);
            rig.write(t, a, i, i + 1, 1, 4);
        }
        assertFalse(t.footprint.isEmpty(), "two merged ranges never reach the bound");
        rig.checks.commit(t);
        assertEquals(1, t.checks, "one write of the whole array; the read it covers is dropped");
        assertEquals(1, a.blockCount());
    }

    @Test
    void aFullFootprintCommitsItself() {
        ThreadState t = Sim.thread(0);
        ArrayShadow a = rig.array(int[].class, 1000);
        for (int i = 0; i < Footprint.MAX_RANGES - 1; i++) {
            rig.read(t, a, 3 * i, 3 * i + 1, 1, 5);               // scattered: nothing merges
        }
        assertEquals(0, t.checks);
        rig.read(t, a, 999, 1000, 1, 5);
        assertTrue(t.footprint.isEmpty());
        assertEquals(Footprint.MAX_RANGES, t.checks);
        assertTrue(a.isFine(), "more pieces than blocks allowed: fine");
    }

    @Test
    void overlappingStridesRaceWhereTheyMeetAsFineCheckingDoes() {
        Set<String> expected = Set.of("int[][0]", "int[][6]", "int[][12]");
        assertEquals(expected, overlappingStrides(new ArrayRig(false, false)));
        assertEquals(expected, overlappingStrides(rig));
    }

    private Set<String> overlappingStrides(ArrayRig r) {
        ThreadState[] t = new Sim().forkedThreads(3);
        ArrayShadow a = r.array(int[].class, 16);
        r.write(t[1], a, 0, 16, 2, 1);
        r.write(t[1], a, 4, 20, 2, 1);                              // overlaps the first: merged
        r.read(t[2], a, 0, 16, 3, 2);
        r.checks.commit(t[1]);
        r.checks.commit(t[2]);
        assertTrue(a.isFine(), "a stride fits no block");
        return r.racedIndices();
    }

    @Test
    void withAPlacementVerifierRangeChecksAreImmediateAndPerElement() {
        ThreadState t = Sim.thread(0);
        ArrayShadow a = rig.array(int[].class, 8);
        List<String> violations = new java.util.ArrayList<>();
        PlacementVerifier v = new PlacementVerifier("t", (kind, thread, location, site) ->
                violations.add(kind.id + "@" + ((ArrayVarState) location).first));
        rig.checks.check(t, a, 0, 8, 2, true, 1, v);
        assertTrue(t.footprint.isEmpty(), "verify mode bypasses the footprint");
        assertEquals(4, t.checks);
        assertTrue(a.isFine(), "the verifier needs one location per element");
        for (int i = 0; i < 8; i++) {
            v.access(a.element(i), true, 2);
        }
        v.end();
        assertEquals(Set.of("uncovered-access@1", "uncovered-access@3", "uncovered-access@5", "uncovered-access@7"),
                Set.copyOf(violations), "only the odd elements were not checked");
    }

    @Test
    void aShrinkingSuffixSplitsOncePerStep() {
        int n = 24;                                                 // below MAX_BLOCKS
        Lufact blocks = lufact(rig, n, -1);
        assertEquals(List.of(), rig.races);
        assertEquals(n, blocks.array.blockCount(), "one split, so one more block, per step");
        assertEquals(n, rig.allocated.sum());
        assertEquals(n, blocks.checks, "the suffix is one block: written once, its read subsumed");
        ArrayRig fine = new ArrayRig(false, false);
        Lufact elements = lufact(fine, n, -1);
        assertEquals(n, fine.allocated.sum());
        assertEquals(n * (n + 1), elements.checks, "fine: a read and a write per index of every suffix");
    }

    @Test
    void aLongShrinkingSuffixEndsFine() {
        int n = 100;
        Lufact run = lufact(rig, n, -1);
        assertEquals(List.of(), rig.races);
        assertTrue(run.array.isFine(), "more than " + ArrayShadow.MAX_BLOCKS + " steps");
    }

    @Test
    void anUnlockedSuffixStepRacesOnTheSameIndicesAsFineChecking() {
        for (int n : new int[] {24, 100}) {
            for (int unlocked : new int[] {0, 5, 40}) {
                ArrayRig fine = new ArrayRig(false, false);
                ArrayRig adaptive = new ArrayRig(true, true);
                lufact(fine, n, unlocked);
                lufact(adaptive, n, unlocked);
                assertEquals(unlocked < n, !fine.races.isEmpty());
                assertEquals(fine.racedIndices(), adaptive.racedIndices(), "n=" + n + " unlocked step " + unlocked);
            }
        }
    }

    /**
     * lufact's triangular pattern: at step k one of three workers (in turn) reads then writes {@code a[k..n)} under a
     * lock, except at step {@code unlocked}. The footprint is committed before each acquire and release, as RT does.
     */
    private record Lufact(ArrayShadow array, long checks) {
    }

    private static Lufact lufact(ArrayRig r, int n, int unlocked) {
        Sim s = new Sim();
        ThreadState[] t = s.forkedThreads(4);
        LockState m = new LockState();
        ArrayShadow a = r.array(double[].class, n);
        for (int k = 0; k < n; k++) {
            ThreadState w = t[1 + k % 3];
            boolean locked = k != unlocked;
            if (locked) {
                r.checks.commit(w);
                r.ft.acquire(w, m);
            }
            r.read(w, a, k, n, 1, 10);
            r.write(w, a, k, n, 1, 11);
            r.checks.commit(w);
            if (locked) {
                r.ft.release(w, m);
            }
        }
        long checks = 0;
        for (ThreadState w : t) {
            checks += w.checks;
        }
        return new Lufact(a, checks);
    }
}
