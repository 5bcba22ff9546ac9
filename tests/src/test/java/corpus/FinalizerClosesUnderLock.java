package corpus;

/**
 * A common shape: {@code close()} is synchronized and {@code finalize()} calls it. main closes the object, then drops
 * it; the finalizer's {@code close()} takes the same lock after main's, so its read of {@code closed} is ordered
 * after main's write: race-free.
 */
@ExpectRaces({})
public class FinalizerClosesUnderLock {
    private static volatile boolean finalized;

    private boolean closed;
    private int closes;

    synchronized void close() {
        if (!closed) {
            closed = true;
            closes++;
        }
    }

    @Override
    @SuppressWarnings({"deprecation", "removal"})
    protected void finalize() {
        close();
        finalized = true;
    }

    /** Its own method, so that no check left for later keeps the object reachable. */
    private static void openAndClose() {
        new FinalizerClosesUnderLock().close();
    }

    public static void main(String[] args) throws Exception {
        openAndClose();
        Finalization.await(() -> finalized);
        System.out.println("finalized");
    }
}
