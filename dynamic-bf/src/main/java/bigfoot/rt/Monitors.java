package bigfoot.rt;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/** The {@link LockState} of every monitor (and of every object waited on), with a one-entry per-thread cache. */
final class Monitors {

    /**
     * Set for a class once a constructor of it released into an object's finalizer channel ({@link RT#constructed}):
     * StaticBF's rule of which classes have a finalizer, learnt from the code it rewrote.
     */
    private static final ClassValue<AtomicBoolean> FINALIZABLE = new ClassValue<>() {
        @Override
        protected AtomicBoolean computeValue(Class<?> type) {
            return new AtomicBoolean();
        }
    };

    private final WeakIdentityMap<LockState> states = new WeakIdentityMap<>();
    /**
     * The states of objects with a finalizer, held by phantom references as well: the JVM clears an object's weak
     * references before its finalizer runs, so a finalizer's {@code synchronized} {@code close()} would otherwise
     * find a fresh state, ordered after no earlier unlock of its object. (An object locked before any constructor
     * of its class had returned keeps a weakly held state: its class was not known yet.)
     */
    private final PhantomIdentityMap<LockState> finalizable = new PhantomIdentityMap<>();
    /** {@link #newState}, made once: a lookup that misses the per-thread cache allocates nothing. */
    private final Function<Object, LockState> stateMaker = this::newState;

    LockState of(Object monitor, ThreadState ts) {
        WeakIdentityMap.Entry<LockState> e = ts.recentLock;
        if (e == null || !e.refersTo(monitor)) {
            e = states.entry(monitor, stateMaker);
            ts.recentLock = e;
        }
        return e.value;
    }

    /** Records that objects of {@code type} have a finalizer (a constructor of it has just returned). */
    void hasFinalizer(Class<?> type) {
        AtomicBoolean known = FINALIZABLE.get(type);
        if (!known.get()) {
            known.set(true);
        }
    }

    private LockState newState(Object monitor) {
        return FINALIZABLE.get(monitor.getClass()).get() ? finalizable.valueOf(monitor, k -> new LockState())
                : new LockState();
    }
}
