package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shadow-word rules ({@link FastTrack#checkFine}, {@link FastTrack#checkFineAtSite} as a check site runs them, and
 * a field's {@link FastTrack#checkWords} from the word its check site read) against FT2 on VarStates, on random well-formed traces replayed one operation at a time: every race, in order, with
 * its location, kind, both epochs and both sites, must be the same (a word holds exactly the exclusive states, and
 * inflation carries them over whole). The traces also run with tids, clocks and sites a word cannot hold, which
 * must inflate instead.
 */
class ShadowWordDifferentialTest {

    private static final int TRACES = 20_000;
    private static final int LENGTH = 60;

    private enum Limits {
        /** Everything fits in a word. */
        FIT(new int[] {0, 1, 2, 3}, 1, i -> i),
        /** Thread 3 has a tid past the words' limit. */
        BIG_TID(new int[] {0, 1, 2, ShadowWord.TID_LIMIT + 5}, 1, i -> i),
        /** Every clock crosses the words' largest within a few releases. */
        BIG_CLOCK(new int[] {0, 1, 2, 3}, ShadowWord.CLOCK_BITS - 3, i -> i),
        /** Every third access comes from a site past the words' limit. */
        BIG_SITE(new int[] {0, 1, 2, 3}, 1, i -> i % 3 == 0 ? ShadowWord.SITE_LIMIT + i : i);

        final int[] tids;
        final long startClock;
        final IntUnaryOperator siteOf;

        Limits(int[] tids, long startClock, IntUnaryOperator siteOf) {
            this.tids = tids;
            this.startClock = startClock;
            this.siteOf = siteOf;
        }
    }

    @Test
    void everyRaceIsTheSameAsOnVarStates() {
        for (Limits limits : Limits.values()) {
            Random rnd = new Random(0x5EED_0000L + limits.ordinal());
            int racy = 0;
            for (int i = 0; i < TRACES; i++) {
                Trace trace = Trace.random(rnd, LENGTH);
                List<String> expected = races(new FastTrackReplay(limits.tids, limits.startClock,
                        FastTrackReplay.Shadows.VAR_STATES), trace, limits);
                for (FastTrackReplay.Shadows words : List.of(FastTrackReplay.Shadows.WORDS,
                        FastTrackReplay.Shadows.WORDS_AT_SITE, FastTrackReplay.Shadows.FIELD_WORDS)) {
                    List<String> actual = races(new FastTrackReplay(limits.tids, limits.startClock, words), trace, limits);
                    if (!expected.equals(actual)) {
                        assertEquals(expected, actual, limits + " " + words + " trace #" + i + ": " + trace.ops);
                    }
                }
                racy += expected.isEmpty() ? 0 : 1;
            }
            assertTrue(racy > TRACES / 4, limits + ": too few racy traces: " + racy);
        }
    }

    private static List<String> races(FastTrackReplay replay, Trace trace, Limits limits) {
        List<String> out = new ArrayList<>();
        for (RecordingListener.Reported r : replay.races(trace, limits.siteOf)) {
            out.add("var " + replay.varOf(r.var()) + " " + r.kind() + " previous " + Epoch.toString(r.previous()) + " at "
                    + r.previousSite() + ", current " + Epoch.toString(r.current()) + " at " + r.currentSite());
        }
        return out;
    }
}
