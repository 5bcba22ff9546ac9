package bigfoot.rt;

/**
 * Whether a thread has started or terminated, without calling program code: {@code Thread.getState()}
 * is not final, so it is only called on classes that inherit the JDK's version; for the (rare) classes
 * that override it, {@code isAlive()} (final) and whether the thread ever attached to its state decide.
 */
final class ThreadLife {

    private static final ClassValue<Boolean> JDK_GET_STATE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("getState").getDeclaringClass() == Thread.class;
            } catch (NoSuchMethodException | SecurityException e) {
                return false;
            }
        }
    };

    private ThreadLife() {
    }

    /** True if {@code t} has terminated; {@code state} is its ThreadState if it has one, else null. */
    static boolean terminated(Thread t, ThreadState state) {
        if (JDK_GET_STATE.get(t.getClass())) {
            return t.getState() == Thread.State.TERMINATED;
        }
        return !t.isAlive() && state != null && state.attached;
    }

    /** True if {@code t.start()} has not been called yet (so a fork edge to it is still meaningful). */
    static boolean notStarted(Thread t, ThreadState state) {
        if (JDK_GET_STATE.get(t.getClass())) {
            return t.getState() == Thread.State.NEW;
        }
        return !t.isAlive() && (state == null || !state.attached);
    }
}
