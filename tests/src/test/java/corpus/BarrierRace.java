package corpus;

import java.util.concurrent.CyclicBarrier;

/**
 * Two threads: phase 1 writes own halves, barrier, phase 2 reads the other half. Thread 0 also writes
 * a[1] in phase 2, which thread 1 reads in phase 2 with no barrier between: only int[1] races.
 */
@ExpectRaces("int[1]")
public class BarrierRace {
    public static void main(String[] args) throws Exception {
        int[] a = new int[8];
        long[] sums = new long[2];
        CyclicBarrier barrier = new CyclicBarrier(2);
        Threads.run(() -> phases(a, sums, barrier, 0), () -> phases(a, sums, barrier, 1));
        System.out.println("sums " + sums[0] + " " + sums[1]);
    }

    static void phases(int[] a, long[] sums, CyclicBarrier barrier, int me) {
        try {
            for (int i = me * 4; i < me * 4 + 4; i++) {
                a[i] = i + 1;
            }
            barrier.await();
            int other = 1 - me;
            for (int i = other * 4; i < other * 4 + 4; i++) {
                sums[me] += a[i];
            }
            if (me == 0) {
                a[1] = 100;
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
