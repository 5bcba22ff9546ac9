package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

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
}
