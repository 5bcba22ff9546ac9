package corpus;

import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A producer puts keys it has just built into five concurrent maps: a ConcurrentHashMap, ConcurrentSkipListMaps of
 * Comparable keys, ordered by a Comparator class and by a lambda, and a ConcurrentHashMap filled by
 * {@code computeIfAbsent}. A consumer looks each key up with an equal key of its own until it finds it
 * ({@code containsKey} on the last, then {@code get}). The maps call {@code equals}, {@code compareTo} and the
 * comparators on the producer's keys inside the consumer's lookups, and those read the keys' fields; the map's own
 * volatile accesses order them after the insertion (java.util.concurrent's memory consistency: inserting a key happens
 * before the lookup that finds it). Four keys share each hash code, so {@code equals} also reads keys other than the
 * one found. Nothing races.
 */
@ExpectRaces({})
public class MapKeysCompared {

    static final int KEYS = 64;

    public static void main(String[] args) throws Exception {
        Map<Key, Integer> hashed = new ConcurrentHashMap<>();
        Map<Key, Integer> sorted = new ConcurrentSkipListMap<>();
        Map<Key, Integer> ordered = new ConcurrentSkipListMap<>(new Key.ByGroup());
        Map<Key, Integer> computed = new ConcurrentHashMap<>();
        Map<Key, Integer> reversed = new ConcurrentSkipListMap<>((a, b) -> Integer.compare(b.id, a.id));
        long[] found = new long[1];
        Threads.run(() -> {
            for (int i = 0; i < KEYS; i++) {
                hashed.put(new Key(i), i);
                sorted.put(new Key(i), i);
                ordered.putIfAbsent(new Key(i), i);
                computed.computeIfAbsent(new Key(i), k -> k.id);
                reversed.put(new Key(i), i);
            }
        }, () -> {
            long sum = 0;
            for (int i = 0; i < KEYS; i++) {
                sum += lookUp(hashed, i) + lookUp(sorted, i) + lookUp(ordered, i) + lookUp(reversed, i);
                Key probe = new Key(i);
                while (!computed.containsKey(probe)) {
                    Thread.onSpinWait();
                }
                sum += computed.get(probe);
            }
            found[0] = sum;
        });
        System.out.println("found " + found[0]);
    }

    /** Looks key {@code i} up with a key of this thread's until the map has it. */
    static int lookUp(Map<Key, Integer> map, int i) {
        Key probe = new Key(i);
        Integer value;
        while ((value = map.get(probe)) == null) {
            Thread.onSpinWait();
        }
        return value;
    }

    /** A key whose fields its equality reads; plain (not final) fields, written by the thread that builds it. */
    static final class Key implements Comparable<Key> {
        int id;
        int group;

        Key(int id) {
            this.id = id;
            this.group = id % 4;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && k.id == id && k.group == group;
        }

        @Override
        public int hashCode() {
            return id / 4;
        }

        @Override
        public int compareTo(Key other) {
            return Integer.compare(id, other.id);
        }

        /** Orders by group, then id. */
        static final class ByGroup implements Comparator<Key> {
            @Override
            public int compare(Key a, Key b) {
                return a.group != b.group ? Integer.compare(a.group, b.group) : Integer.compare(a.id, b.id);
            }
        }
    }
}
