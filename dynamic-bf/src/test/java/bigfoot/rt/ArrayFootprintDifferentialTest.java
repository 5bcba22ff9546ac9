package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Adaptive array checking against fine immediate checking on random multi-thread traces: footprints (on fine
 * shadows, then on coarse/block/fine shadows) must find races on exactly the same (array, index) locations, so
 * also the same race-free verdict.
 *
 * <p>Why locations and not (location, kind): a footprint commits a thread's checks at its next synchronisation,
 * which reorders them against other threads' unordered accesses (the commit order is another linearisation of
 * the same happens-before order, each access keeping its epoch and view). FT2 reports a race on every location
 * that has one, whatever the linearisation, but the kind depends on which of two unordered accesses comes first
 * (read-then-write is READ_WRITE, write-then-read WRITE_READ), and writes subsuming reads drops a read whose
 * write at the same epoch races with the same accesses.
 */
class ArrayFootprintDifferentialTest {

    private static final int TRACES = 20_000;
    private static final int LENGTH = 50;

    @Test
    void footprintsOnFineShadowsRaceOnTheSameLocations() {
        compare(false);
    }

    @Test
    void footprintsOnAdaptiveShadowsRaceOnTheSameLocations() {
        compare(true);
    }

    private static void compare(boolean adaptiveShadows) {
        Random rnd = new Random(0xA77A5L);
        int racy = 0;
        int raceFree = 0;
        int notFine = 0;
        int refinedToFine = 0;
        Set<ArrayTrace.Kind> seen = EnumSet.noneOf(ArrayTrace.Kind.class);
        for (int i = 0; i < TRACES; i++) {
            ArrayTrace trace = ArrayTrace.random(rnd, LENGTH);
            trace.ops.forEach(op -> seen.add(op.kind()));
            ArrayReplay fine = new ArrayReplay(trace, false, false).run(trace);
            ArrayReplay adaptive = new ArrayReplay(trace, true, adaptiveShadows).run(trace);
            Set<String> expected = fine.rig.racedIndices();
            if (!expected.equals(adaptive.rig.racedIndices())) {
                assertEquals(expected, adaptive.rig.racedIndices(), "trace #" + i + " lengths "
                        + java.util.Arrays.toString(trace.lengths) + ": " + trace.ops);
            }
            if (expected.isEmpty()) {
                raceFree++;
            } else {
                racy++;
            }
            for (int a = 0; a < trace.lengths.length; a++) {
                if (adaptive.array(a).isFine()) {
                    refinedToFine++;
                } else {
                    notFine++;
                }
            }
        }
        assertEquals(EnumSet.allOf(ArrayTrace.Kind.class), seen, "the generator must exercise every operation");
        assertTrue(racy > TRACES / 4, "too few racy traces: " + racy);
        assertTrue(raceFree > TRACES / 4, "too few race-free traces: " + raceFree);
        if (adaptiveShadows) {
            assertTrue(notFine > TRACES / 4, "too few arrays kept coarse or in blocks: " + notFine);
            assertTrue(refinedToFine > TRACES / 4, "too few arrays refined to fine: " + refinedToFine);
        }
    }
}
