package bigfoot.rt;

import java.lang.reflect.Method;
import java.util.function.Function;

/** The {@link LockState} of every monitor (and of every object waited on), with a one-entry per-thread cache. */
final class Monitors {

    /**
     * True for a class with a finalizer (a {@code finalize()} declared by it or a superclass other than Object):
     * asked only when a monitor's state is made. A class whose methods cannot be listed (a signature naming a class
     * missing from the class path) counts as having none: its states are then only weakly held, as every state was.
     */
    private static final ClassValue<Boolean> HAS_FINALIZER = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                    for (Method m : c.getDeclaredMethods()) {
                        if (m.getName().equals("finalize") && m.getParameterCount() == 0) {
                            return true;
                        }
                    }
                }
            } catch (LinkageError | SecurityException e) {
                return false;
            }
            return false;
        }
    };

    private final WeakIdentityMap<LockState> states = new WeakIdentityMap<>();
    /**
     * The states of objects with a finalizer, held by phantom references as well: the JVM clears an object's weak
     * references before its finalizer runs, so a finalizer's {@code synchronized} {@code close()} would otherwise
     * find a fresh state, ordered after no earlier unlock of its object.
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

    private LockState newState(Object monitor) {
        return HAS_FINALIZER.get(monitor.getClass()) ? finalizable.valueOf(monitor, k -> new LockState())
                : new LockState();
    }
}
