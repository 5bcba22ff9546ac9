package corpus;

/** Twenty threads on disjoint slices of one array: race-free however they interleave. */
@ExpectRaces({})
public class ManyThreadsSlices {
    static final int THREADS = 20;
    static final int SLICE = 50;

    public static void main(String[] args) throws Exception {
        int[] a = new int[THREADS * SLICE];
        Runnable[] bodies = new Runnable[THREADS];
        for (int k = 0; k < THREADS; k++) {
            int lo = k * SLICE;
            bodies[k] = () -> {
                for (int i = lo; i < lo + SLICE; i++) {
                    a[i] += i;
                }
            };
        }
        Threads.run(bodies);
        long sum = 0;
        for (int v : a) {
            sum += v;
        }
        System.out.println("sum " + sum);
    }
}
