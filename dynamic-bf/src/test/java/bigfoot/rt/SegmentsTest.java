package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link Segments} against a TreeMap model, through enough inserts and removals to split and empty chunks. */
class SegmentsTest {

    @Test
    void behavesLikeASortedMapOfStarts() {
        int length = 5_000;
        Random rnd = new Random(42);
        Segments g = new Segments(length, "s0");
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
}
