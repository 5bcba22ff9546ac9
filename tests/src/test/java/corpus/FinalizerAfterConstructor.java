package corpus;

/**
 * JLS 17.4.5: the end of an object's constructor happens before the start of its finalizer, which the JVM's
 * finalizer thread runs. The constructor writes a field and an array; the finalizer reads both: race-free, though no
 * other synchronisation orders the two threads.
 */
@ExpectRaces({})
public class FinalizerAfterConstructor {
    private static volatile boolean finalized;
    private static int sum;

    private final int[] values;
    private int count;

    FinalizerAfterConstructor(int n) {
        values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = i;
        }
        count = n;
    }

    @Override
    @SuppressWarnings({"deprecation", "removal"})
    protected void finalize() {
        int s = 0;
        for (int i = 0; i < count; i++) {
            s += values[i];
        }
        sum = s;
        finalized = true; // a volatile write: main reads sum after it
    }

    public static void main(String[] args) throws Exception {
        new FinalizerAfterConstructor(10);
        Finalization.await(() -> finalized);
        System.out.println("sum " + sum);
    }
}
