package bigfoot.rt;

/** Test double of the runtime's per-thread state. */
public class ThreadState {

    final Thread thread = Thread.currentThread();
    /** Advanced by every release the test runtime records, as the runtime's epoch is. */
    long epoch;

    public long epoch() {
        return epoch;
    }
}
