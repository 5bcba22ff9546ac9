package corpus;

import java.util.function.BooleanSupplier;

/** For the finalizer programs: collects garbage and runs pending finalizers until {@code done} holds. */
final class Finalization {

    private Finalization() {
    }

    @SuppressWarnings({"deprecation", "removal"})
    static void await(BooleanSupplier done) throws InterruptedException {
        for (int i = 0; i < 200 && !done.getAsBoolean(); i++) {
            System.gc();
            System.runFinalization();
            Thread.sleep(5);
        }
        if (!done.getAsBoolean()) {
            throw new IllegalStateException("the finalizer did not run");
        }
    }
}
