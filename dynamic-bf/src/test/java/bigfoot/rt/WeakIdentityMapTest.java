package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class WeakIdentityMapTest {

    /** A key whose equals/hashCode would merge every instance, and that fails if the map calls them. */
    private static final class Hostile {
        @Override
        public boolean equals(Object o) {
            throw new AssertionError("program code called");
        }

        @Override
        public int hashCode() {
            throw new AssertionError("program code called");
        }
    }

    private final WeakIdentityMap<Object> map = new WeakIdentityMap<>();

    @Test
    void keysAreComparedByIdentityWithoutCallingTheirMethods() {
        Hostile a = new Hostile();
        Hostile b = new Hostile();
        Object va = map.entry(a, k -> new Object()).value;
        Object vb = map.entry(b, k -> new Object()).value;
        assertNotSame(va, vb);
        assertSame(va, map.entry(a, k -> new Object()).value);
        assertSame(va, map.find(a).value);
        assertNull(map.find(new Hostile()));
    }

    @Test
    void growsPastManyEntries() {
        List<Object> keys = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            Object k = new Object();
            keys.add(k);
            map.entry(k, x -> Integer.valueOf(keys.size()));
        }
        assertEquals(10_000, map.size());
        for (int i = 0; i < keys.size(); i++) {
            assertEquals(i + 1, map.find(keys.get(i)).value);
        }
    }

    @Test
    void theEntryIsAWeakReferenceToItsKey() {
        Object k = new Object();
        assertSame(k, map.entry(k, x -> "v").get());
    }

    @Test
    void threadsLookingUpWhileOthersInsertAndResizeGetEachKeysOneEntry() throws Exception {
        int threads = 4;
        int keysPerThread = 20_000;
        List<Object> keys = new ArrayList<>();
        for (int i = 0; i < threads * keysPerThread; i++) {
            keys.add(new Object());
        }
        AtomicInteger made = new AtomicInteger();
        @SuppressWarnings("unchecked")
        WeakIdentityMap.Entry<Object>[][] seen = new WeakIdentityMap.Entry[threads][keys.size()];
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int me = t;
            Thread w = new Thread(() -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
                for (int i = 0; i < keys.size(); i++) {         // each thread starts at its own quarter
                    int k = (i + me * keysPerThread) % keys.size();
                    seen[me][k] = map.entry(keys.get(k), x -> made.incrementAndGet());
                }
            });
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        assertEquals(keys.size(), made.get(), "one value made per key");
        for (int k = 0; k < keys.size(); k++) {
            for (int t = 1; t < threads; t++) {
                assertSame(seen[0][k], seen[t][k], "key " + k);
            }
            assertSame(keys.get(k), seen[0][k].get());
        }
    }
}
