package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Segments} against a TreeMap model, through enough inserts and removals to split and empty chunks. */
class SegmentsTest {

    @Test
    void behavesLikeASortedMapOfStarts() {
        int length = 5_000;
        Random rnd = new Random(42);
        Segments g = new Segments(length, "s0", new LongAdder());
        TreeMap<Integer, Object> model = new TreeMap<>(Map.of(0, "s0"));
        for (int op = 0; op < 40_000; op++) {
            int x = rnd.nextInt(length);
            long p = g.locate(x);
            Map.Entry<Integer, Object> e = model.floorEntry(x);
            assertEquals(e.getKey(), g.start(p));
            assertEquals(e.getValue(), g.rep(p));
            Integer next = model.higherKey(x);
            assertEquals(next == null ? length : next, g.end(p));
            boolean grow = op < 20_000 ? rnd.nextInt(4) != 0 : rnd.nextInt(4) == 0;   // grow, then shrink
            if (grow && g.start(p) < x) {
                long q = g.insertAfter(p, x, "s" + op);
                model.put(x, "s" + op);
                assertEquals(x, g.start(q));
                assertEquals(x, g.end(g.previous(q)));
            } else if (!grow && g.start(p) > 0) {
                g.removeBoundary(p);
                model.remove(e.getKey());
            }
            assertEquals(model.size(), g.count());
        }
        int seen = 0;
        int start = 0;
        for (long p = g.locate(0); p >= 0; p = g.next(p), seen++) {
            assertEquals(start, g.start(p));
            assertEquals(model.get(start), g.rep(p));
            start = g.end(p);
        }
        assertEquals(length, start);
        assertEquals(model.size(), seen);
    }

    @Test
    void segmentsAppendedStepAfterStepFillTheirChunks() {
        int n = 6_400;
        LongAdder made = new LongAdder();
        Segments g = new Segments(n + 1, "s0", made);
        for (int x = 1; x <= n; x++) {                          // a suffix cut at x, step after step (lufact)
            long q = g.insertAfter(g.locate(x), x, "s" + x);
            assertEquals(x, g.start(q));
            assertEquals(x, g.end(g.previous(q)));
        }
        int x = 0;
        for (long p = g.locate(0); p >= 0; p = g.next(p), x++) {
            assertEquals(x, g.start(p));
            assertEquals("s" + x, g.rep(p));
            assertEquals(p, g.locate(x));
        }
        assertEquals(n + 1, x);
        // full chunks of 64 cost 568 bytes (8.9 a segment); split in half, each would stay half full (17.8)
        assertTrue(made.sum() < 10L * n, made.sum() / n + " bytes a segment");
    }
}
