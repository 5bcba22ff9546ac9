package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Adaptive array checking ({@code arrays=adaptive}: footprints on adaptive shadows) against fine immediate
 * checking ({@code arrays=fine}) on random multi-thread traces ({@link ArrayTrace}:
 * strided, interleaved, block and triangular ranges, lufact's pivot swaps next to shrinking suffixes, single
 * elements in a long coarse array, locks, fork/join, volatiles, barriers).
 *
 * <p>The shadow representation must be exact: with the same checks in the same order (immediate checks), adaptive
 * shadows (coarse, blocks, strided classes, merged blocks) report exactly the races fine shadows do, per index:
 * same kind, same previous epoch and site, same current site, as often. Under footprints, which checks wait in the
 * footprint depends on the representation (a single check of a FINE shadow skips it), so adaptive shadows with
 * footprints, and fine shadows with footprints, must each race on the same locations as fine immediate checks. A
 * third of the traces use the runtime's {@link ArrayShadow.Bounds}, a third bounds so low that short traces take
 * the PER-ELEMENT rule (single checks skip the footprint) and FRAGMENTATION into FINE, short ranges included, and
 * a third the runtime's bounds with no SMALL arrays (short arrays too start COARSE and go through footprints).
 *
 * <p>Footprints against immediate checking compare raced locations, not kinds: a footprint commits a thread's
 * checks at its next synchronisation, which reorders them against other threads' unordered accesses (another
 * linearisation of the same happens-before order, each access keeping its epoch and view). FT2 reports a race on
 * every location that has one, whatever the linearisation, but the kind depends on which of two unordered
 * accesses comes first (read-then-write is READ_WRITE, write-then-read WRITE_READ), and writes subsuming reads
 * drops a read whose write at the same epoch races with the same accesses.
 */
class ArrayFootprintDifferentialTest {

    private static final int TRACES = 15_000;
    private static final int LENGTH = 60;
    /**
     * Bounds low enough that a short trace makes arrays per-element and fragments them into FINE, in pages of 4 from
     * 9 elements on.
     */
    private static final ArrayShadow.Bounds LOW_BOUNDS = new ArrayShadow.Bounds(4, 1, 1, 8, 1, 4, 4, 9);
    /** The runtime's bounds without SMALL arrays: short arrays too start COARSE and take footprints. */
    private static final ArrayShadow.Bounds NONE_SMALL = new ArrayShadow.Bounds(0,
            ArrayShadow.Bounds.DEFAULT.perElementLead(), ArrayShadow.Bounds.DEFAULT.fragmentMin(),
            ArrayShadow.Bounds.DEFAULT.fragmentDivisor(), ArrayShadow.Bounds.DEFAULT.singlesPerRange(),
            ArrayShadow.Bounds.DEFAULT.longRange(), ArrayShadow.Bounds.DEFAULT.pageLength(),
            ArrayShadow.Bounds.DEFAULT.pagedFrom());
    private static final ArrayShadow.Bounds[] BOUNDS = {ArrayShadow.Bounds.DEFAULT, LOW_BOUNDS, NONE_SMALL};

    @Test
    void adaptiveShadowsAndFootprintsAgreeWithFineImmediateChecks() {
        Random rnd = new Random(0x5EED5L);
        int racy = 0;
        int strided = 0;
        int blocks = 0;
        int coarse = 0;
        int merged = 0;
        int wentFine = 0;
        int perElement = 0;
        int small = 0;
        Set<ArrayTrace.Kind> seen = EnumSet.noneOf(ArrayTrace.Kind.class);
        for (int i = 0; i < TRACES; i++) {
            ArrayTrace trace = ArrayTrace.random(rnd, LENGTH);
            trace.ops.forEach(op -> seen.add(op.kind()));
            String where = "trace #" + i + ", lengths " + java.util.Arrays.toString(trace.lengths) + ": " + trace.ops;
            ArrayShadow.Bounds bounds = BOUNDS[i % BOUNDS.length];
            ArrayReplay[] fine = new ArrayReplay[2];
            for (int footprints = 0; footprints < 2; footprints++) {
                fine[footprints] = new ArrayReplay(trace, footprints == 1, false, bounds).run(trace);
                ArrayReplay adaptive = new ArrayReplay(trace, footprints == 1, true, bounds).run(trace);
                if (footprints == 0) {
                    List<String> expected = fine[0].rig.raceEvents();
                    if (!expected.equals(adaptive.rig.raceEvents())) {
                        assertEquals(expected, adaptive.rig.raceEvents(), "immediate checks, " + where);
                    }
                } else if (!fine[0].rig.racedIndices().equals(adaptive.rig.racedIndices())) {
                    assertEquals(fine[0].rig.racedIndices(), adaptive.rig.racedIndices(),
                            "adaptive shadows with footprints against fine immediate checks, " + where);
                }
                racy += adaptive.rig.races.isEmpty() ? 0 : 1;
                for (int a = 0; a < trace.lengths.length; a++) {
                    ArrayShadow.Shape shape = adaptive.array(a).shape();
                    strided += shape.strided() > 0 ? 1 : 0;
                    blocks += shape.strided() == 0 && shape.segments() > 2 ? 1 : 0;
                    coarse += shape.segments() == 1 && shape.strided() == 0 ? 1 : 0;
                    wentFine += adaptive.array(a).isFine() ? 1 : 0;
                    perElement += adaptive.array(a).perElement() ? 1 : 0;
                    small += adaptive.array(a).small() ? 1 : 0;
                    assertTrue(!adaptive.array(a).small() || adaptive.array(a).isFine(), "small arrays are born fine");
                }
                merged += adaptive.rig.allocated.sum() > liveStates(adaptive, trace) ? 1 : 0;   // only merges drop states
            }
            Set<String> immediate = fine[0].rig.racedIndices();
            if (!immediate.equals(fine[1].rig.racedIndices())) {
                assertEquals(immediate, fine[1].rig.racedIndices(), "footprints against immediate checks, " + where);
            }
        }
        assertEquals(EnumSet.allOf(ArrayTrace.Kind.class), seen, "the generator must exercise every operation");
        int replays = 2 * TRACES;
        int arrays = replays * ArrayTrace.ARRAY_TYPES.length;
        assertTrue(racy > replays / 4 && racy < replays * 3 / 4, "racy replays: " + racy);
        assertTrue(strided > arrays / 5, "too few arrays with strided segments: " + strided);
        // a sixth: arrays of a few dozen elements fragment into FINE at half their length (FRAGMENTATION's floor)
        assertTrue(blocks > arrays / 6, "too few arrays in (three or more) blocks: " + blocks);
        assertTrue(coarse > arrays / 100, "too few arrays left coarse: " + coarse);     // most short ones are SMALL
        assertTrue(wentFine > arrays / 20, "too few arrays fragmented into FINE: " + wentFine);
        assertTrue(small > arrays / 20, "too few small arrays: " + small);
        assertTrue(perElement > arrays / 20, "too few arrays whose single checks became per-element: " + perElement);
        assertTrue(merged > replays / 4, "too few replays where blocks merged: " + merged);
    }

    private static long liveStates(ArrayReplay replay, ArrayTrace trace) {
        long live = 0;
        for (int a = 0; a < trace.lengths.length; a++) {
            live += replay.array(a).shape().states();
        }
        return live;
    }
}
