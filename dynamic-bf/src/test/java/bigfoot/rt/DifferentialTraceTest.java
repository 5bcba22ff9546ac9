package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FT2 against a DJIT+-style reference on thousands of random well-formed traces: both must agree on
 * the index of the first race (FT2 guarantees the first race precisely; later ones depend on recovery)
 * and on race-freedom.
 */
class DifferentialTraceTest {

    private static final int TRACES = 20_000;
    private static final int LENGTH = 60;

    @Test
    void firstRaceAgreesWithTheReferenceDetector() {
        Random rnd = new Random(0xB16F007L);
        int racy = 0;
        int raceFree = 0;
        int lateRaces = 0;
        Set<Trace.Kind> seen = EnumSet.noneOf(Trace.Kind.class);
        for (int i = 0; i < TRACES; i++) {
            Trace trace = Trace.random(rnd, LENGTH);
            trace.ops.forEach(op -> seen.add(op.kind()));
            int expected = new ReferenceDetector().firstRace(trace);
            int actual = new FastTrackReplay().firstRace(trace);
            if (expected != actual) {
                assertEquals(expected, actual, "trace #" + i + " first race: " + trace.ops);
            }
            if (expected < 0) {
                raceFree++;
            } else {
                racy++;
                lateRaces += expected >= LENGTH / 2 ? 1 : 0;
            }
        }
        assertEquals(EnumSet.allOf(Trace.Kind.class), seen, "the generator must exercise every operation");
        assertTrue(racy > TRACES / 4, "too few racy traces: " + racy);
        assertTrue(raceFree > TRACES / 4, "too few race-free traces: " + raceFree);
        assertTrue(lateRaces > TRACES / 10, "too few races deep in a trace: " + lateRaces);
    }
}
