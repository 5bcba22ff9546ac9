package bigfoot.rt;

/**
 * The clock {@code I_c} recorded at the end of class c's {@code <clinit>}, joined by a thread before its
 * first (slow-path) use of c's static fields, because the JVM orders a class's initialisation before
 * every use of the class ("The FastTrack2 Race Detector", section 8: static initializers happen before any use of the class).
 */
final class ClassInitState {

    /** The init thread's epoch when {@code <clinit>} ended; valid once {@link #clock} is non-null. */
    private long epoch;
    /** I_c, published last (volatile) so a reader that sees it also sees {@link #epoch}. */
    private volatile VectorClock clock;

    /** Records I_c := V_t; the caller then ticks t. */
    void initialized(ThreadState st) {
        epoch = st.epoch;
        clock = st.snapshot();
    }

    /** The init clock, or null while the class is not (or not visibly) initialised. */
    VectorClock clock() {
        return clock;
    }

    /** The init thread's epoch at the end of {@code <clinit>}; call only after {@link #clock()} returned non-null. */
    long epoch() {
        return epoch;
    }
}
