package corpus;

import java.util.concurrent.CyclicBarrier;

/**
 * Three threads in three barrier-separated phases: write own slice, read the next thread's slice,
 * overwrite a third slice. Every cross-thread access pair is separated by a barrier: race-free.
 */
@ExpectRaces({})
public class BarrierPhases {
    static final int PARTIES = 3;
    static final int SLICE = 10;

    public static void main(String[] args) throws Exception {
        int[] a = new int[PARTIES * SLICE];
        long[] partial = new long[PARTIES];
        CyclicBarrier barrier = new CyclicBarrier(PARTIES);
        Runnable[] bodies = new Runnable[PARTIES];
        for (int k = 0; k < PARTIES; k++) {
            int me = k;
            bodies[k] = () -> {
                try {
                    fill(a, me, me + 1);
                    barrier.await();
                    int next = (me + 1) % PARTIES;
                    for (int i = next * SLICE; i < (next + 1) * SLICE; i++) {
                        partial[me] += a[i];
                    }
                    barrier.await();
                    fill(a, (me + 2) % PARTIES, -1);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            };
        }
        Threads.run(bodies);
        System.out.println("partials " + partial[0] + " " + partial[1] + " " + partial[2] + " a0 " + a[0]);
    }

    static void fill(int[] a, int slice, int value) {
        for (int i = slice * SLICE; i < (slice + 1) * SLICE; i++) {
            a[i] = value;
        }
    }
}
