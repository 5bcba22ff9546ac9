package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Per-thread read sites agree with a map, for tids below and far above the dense part, through copies and growth. */
class ReadSitesTest {

    @Test
    void agreesWithAMapForSmallAndLargeTids() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            ReadSites sites = new ReadSites();
            Map<Integer, Integer> expected = new HashMap<>();
            int bound = round % 2 == 0 ? ReadSites.DENSE_TIDS * 2 : 200_000;
            for (int op = 0; op < 400; op++) {
                int tid = random.nextInt(bound);
                int site = random.nextInt(1 << 17);
                sites.put(tid, site);
                expected.put(tid, site);
            }
            for (int tid = 0; tid < 1_000; tid++) {
                assertEquals(expected.getOrDefault(tid, -1), sites.get(tid), "tid " + tid);
            }
            for (Map.Entry<Integer, Integer> e : expected.entrySet()) {
                assertEquals(e.getValue(), sites.get(e.getKey()), "tid " + e.getKey());
            }
            ReadSites copy = sites.copy();
            assertTrue(copy.sameAs(sites) && sites.sameAs(copy));
            int changed = expected.keySet().iterator().next();
            copy.put(changed, expected.get(changed) + 1);
            assertFalse(copy.sameAs(sites), "a copy is independent");
            assertEquals(expected.get(changed), sites.get(changed));
            ReadSites more = sites.copy();
            more.put(bound + 5, 3);
            assertFalse(more.sameAs(sites) || sites.sameAs(more), "an extra tid differs, both ways");
        }
    }
}
