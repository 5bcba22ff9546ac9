package corpus;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A producer puts a key into a ConcurrentHashMap, then writes one of the fields the key's {@code equals} reads, then
 * publishes the key by a racy write. A consumer reads the key racily, fails a lookup ({@code get(null)} throws),
 * compares the key with one of its own outside any map call, then looks it up until the map has it. Races: the
 * publication; {@code group}, written after the insertion, which the insertion does not order before the consumer's
 * reads (in its own {@code equals} call and in the map's); and {@code id}, written before the insertion but read
 * by the consumer's own {@code equals} call, which no map call orders (a failed lookup included).
 */
@ExpectRaces(value = {"corpus.MapKeyChangedAfterInsertion.shared", "corpus.MapKeyChangedAfterInsertion$Key.group",
        "corpus.MapKeyChangedAfterInsertion$Key.id"}, afterAnotherRace = "corpus.MapKeyChangedAfterInsertion$Key.id")
public class MapKeyChangedAfterInsertion {
    static Key shared;

    public static void main(String[] args) throws Exception {
        Map<Key, String> map = new ConcurrentHashMap<>();
        boolean[] same = new boolean[1];
        Threads.run(() -> {
            Key key = new Key(7);
            map.put(key, "seven");
            key.group = 3;
            shared = key;
        }, () -> {
            Key racy;
            do {
                racy = shared;
                Thread.yield();
            } while (racy == null);
            try {
                map.get(null);
            } catch (NullPointerException expected) {
                // ConcurrentHashMap has no null keys
            }
            Key probe = new Key(7);
            same[0] = probe.equals(racy);
            while (map.get(probe) == null) {
                Thread.onSpinWait();
            }
        });
        System.out.println("same " + same[0]);
    }

    /** A key whose fields its equality reads. */
    static final class Key {
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
            return id;
        }
    }
}
