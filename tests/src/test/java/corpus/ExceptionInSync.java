package corpus;

/**
 * Exceptions thrown out of synchronized blocks and synchronized methods still release the lock: the
 * counter stays protected, race-free.
 */
@ExpectRaces({})
public class ExceptionInSync {
    private final Object lock = new Object();
    private int count;
    private int failures;

    void step(int i) {
        synchronized (lock) {
            count++;
            if (i % 3 == 0) {
                throw new IllegalArgumentException("step " + i);
            }
        }
    }

    synchronized void fail(int i) {
        failures++;
        if (i % 2 == 0) {
            throw new IllegalStateException("fail " + i);
        }
    }

    void work() {
        for (int i = 0; i < 30; i++) {
            try {
                step(i);
            } catch (IllegalArgumentException expected) {
                // lock released by the exception path
            }
            try {
                fail(i);
            } catch (IllegalStateException expected) {
                // monitor of this released by the exception path
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ExceptionInSync e = new ExceptionInSync();
        Threads.run(e::work, e::work);
        System.out.println("count " + e.count + " failures " + e.failures);
    }
}
