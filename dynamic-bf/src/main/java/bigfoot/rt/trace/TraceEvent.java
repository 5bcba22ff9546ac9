package bigfoot.rt.trace;

/**
 * One event of a recorded trace: thread {@code thread} does {@code op} on {@code target} (a variable, a lock, or for
 * a fork or join the other thread's number, as text) at program location {@code loc}. {@code index} is the event's
 * position in the trace, from 0.
 */
public record TraceEvent(int index, int thread, Op op, String target, String loc) {

    /**
     * The operations of RAPID's STD format, by their names there, and two of this project's: {@code vr} and {@code vw},
     * a read and a write of a volatile variable (or of a java.util.concurrent hand-off's channel). No pair of lock
     * operations gives their happens-before edges exactly: a write publishes to every later read of the variable, but a
     * read publishes nothing and two writes are not ordered.
     */
    public enum Op {
        READ("r"), WRITE("w"), ACQUIRE("acq"), RELEASE("rel"), FORK("fork"), JOIN("join"), VOLATILE_READ("vr"),
        VOLATILE_WRITE("vw");

        private final String name;

        Op(String name) {
            this.name = name;
        }

        /** The operation's name in the STD format. */
        public String stdName() {
            return name;
        }

        /** True for a read or write. */
        public boolean isAccess() {
            return this == READ || this == WRITE;
        }
    }

    /** The other thread's number, for a fork or a join. */
    public int otherThread() {
        return StdTrace.threadNumber(target);
    }
}
