package bigfoot.rt;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.function.Function;

/**
 * A concurrent map from objects, compared by identity and held weakly, to values. It never calls the
 * keys' own {@code equals}/{@code hashCode} (program code). Striped into segments, each a small chained
 * hash table under its own monitor (looking up a key that has an entry takes none); entries whose key was
 * collected are purged on the next update of their segment.
 *
 * <p>An {@link Entry} is itself the weak reference to its key, so a per-thread cache can hold an entry
 * and test {@code entry.refersTo(key)} without keeping the key alive (no barrier, as {@code get()} would need)
 * or allocating.
 */
final class WeakIdentityMap<V> {

    /** A key (weakly), its identity hash and its value. */
    static final class Entry<V> extends WeakReference<Object> {
        final int hash;
        final V value;
        Entry<V> next;

        Entry(Object key, int hash, V value, ReferenceQueue<Object> queue, Entry<V> next) {
            super(key, queue);
            this.hash = hash;
            this.value = value;
            this.next = next;
        }
    }

    private static final int SEGMENT_BITS = 5;

    private final Segment<V>[] segments;

    @SuppressWarnings("unchecked")
    WeakIdentityMap() {
        segments = new Segment[1 << SEGMENT_BITS];
        for (int i = 0; i < segments.length; i++) {
            segments[i] = new Segment<>();
        }
    }

    /** The entry of {@code key}, or null. */
    Entry<V> find(Object key) {
        int h = hash(key);
        return segmentFor(h).find(key, h);
    }

    /** The entry of {@code key}, made with {@code factory} (under the segment's monitor) if absent. */
    Entry<V> entry(Object key, Function<Object, ? extends V> factory) {
        int h = hash(key);
        return segmentFor(h).entry(key, h, factory);
    }

    /** The number of live entries (purging collected ones first). */
    int size() {
        int n = 0;
        for (Segment<V> s : segments) {
            n += s.size();
        }
        return n;
    }

    private static int hash(Object key) {
        return System.identityHashCode(key) * 0x9E3779B9;   // spread: low bits index a table, high bits a segment
    }

    private Segment<V> segmentFor(int h) {
        return segments[h >>> (32 - SEGMENT_BITS)];
    }

    private static final class Segment<V> {
        private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
        private static final int UNLOCKED_STEPS = 8;
        /** Replaced whole by a resize (volatile: an unlocked walk sees a filled table). */
        @SuppressWarnings("unchecked")
        private volatile Entry<V>[] table = new Entry[8];
        private int size;

        synchronized Entry<V> find(Object key, int h) {
            for (Entry<V> e = table[h & (table.length - 1)]; e != null; e = e.next) {
                if (e.refersTo(key)) {
                    return e;
                }
            }
            return null;
        }

        /**
         * The entry of {@code key}, found without the monitor (most calls), else made under it. The unlocked walk
         * may race with a purge or a resize relinking the chains and so miss the key, or wander: it gives up after
         * {@value #UNLOCKED_STEPS} entries. A miss is only ever a miss: an entry whose referent is {@code key} is
         * the key's one entry (made under the monitor after a locked search found none, and kept while the key
         * lives), however the walk reached it.
         */
        Entry<V> entry(Object key, int h, Function<Object, ? extends V> factory) {
            Entry<V>[] t = table;
            Entry<V> e = t[h & (t.length - 1)];
            for (int steps = 0; e != null && steps < UNLOCKED_STEPS; e = e.next, steps++) {
                if (e.refersTo(key)) {
                    return e;
                }
            }
            return entryLocked(key, h, factory);
        }

        private synchronized Entry<V> entryLocked(Object key, int h, Function<Object, ? extends V> factory) {
            Entry<V> found = find(key, h);
            if (found != null) {
                return found;
            }
            purge();
            if (size >= table.length - (table.length >> 2)) {
                resize();
            }
            int i = h & (table.length - 1);
            Entry<V> e = new Entry<>(key, h, factory.apply(key), queue, table[i]);
            table[i] = e;
            size++;
            return e;
        }

        synchronized int size() {
            purge();
            return size;
        }

        private void purge() {
            for (Reference<?> ref; (ref = queue.poll()) != null; ) {
                Entry<?> dead = (Entry<?>) ref;
                int i = dead.hash & (table.length - 1);
                Entry<V> prev = null;
                for (Entry<V> e = table[i]; e != null; prev = e, e = e.next) {
                    if (e == dead) {
                        if (prev == null) {
                            table[i] = e.next;
                        } else {
                            prev.next = e.next;
                        }
                        size--;
                        break;
                    }
                }
            }
        }

        @SuppressWarnings("unchecked")
        private void resize() {
            Entry<V>[] old = table;
            Entry<V>[] grown = new Entry[old.length * 2];
            for (Entry<V> head : old) {
                for (Entry<V> e = head; e != null; ) {
                    Entry<V> next = e.next;
                    int i = e.hash & (grown.length - 1);
                    e.next = grown[i];
                    grown[i] = e;
                    e = next;
                }
            }
            table = grown;
        }
    }
}
