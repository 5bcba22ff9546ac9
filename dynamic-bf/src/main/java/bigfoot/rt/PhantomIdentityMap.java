package bigfoot.rt;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A map from objects, compared by identity, to values, for keys that a finalizer may look up: the JVM clears an
 * object's weak references before it runs the object's finalizer, so a {@link WeakIdentityMap} no longer finds an
 * object in its own {@code finalize()}. Phantom references are cleared only once the object is unreachable again,
 * after the finalizer; the keys are held by them and found with {@code refersTo}, which a phantom reference answers
 * without handing out its referent. An entry goes with its key, at the first call after the collector enqueued it.
 * One monitor for the whole map: for values made rarely, the finalizer edge's channels ({@link RT#constructed}) and
 * the lock states of objects with a finalizer ({@link Monitors}), and for a recorded trace's object numbers, whose
 * every event is written under a monitor anyway; not for the detector's own per-access lookups.
 */
final class PhantomIdentityMap<V> {

    /** The map's key for an object: a phantom reference to it, with its identity hash. */
    private static final class Held extends PhantomReference<Object> {
        private final int hash;

        Held(Object key, ReferenceQueue<Object> queue) {
            super(key, queue);
            this.hash = System.identityHashCode(key);
        }

        @Override
        public int hashCode() {
            return hash;
        }
        // equals: identity, so that a dead reference removes its own entry
    }

    /** A lookup of {@code key}: equal to the one {@link Held} that refers to it. */
    private record Lookup(Object key) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Held held && held.refersTo(key);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(key);
        }
    }

    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final Map<Object, V> values = new HashMap<>();

    /** The value of {@code key}, made with {@code factory} if it has none. */
    synchronized V valueOf(Object key, Function<Object, ? extends V> factory) {
        purge();
        V value = values.get(new Lookup(key));
        if (value == null) {
            value = factory.apply(key);
            values.put(new Held(key, queue), value);
        }
        return value;
    }

    /** The number of live keys that have a value. */
    synchronized int size() {
        purge();
        return values.size();
    }

    /** Drops the entries of the keys collected since the last call. */
    private void purge() {
        for (Object dead; (dead = queue.poll()) != null; ) {
            values.remove(dead);
        }
    }
}
