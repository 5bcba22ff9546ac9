package corpus;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/**
 * ForkJoin tasks: what a thread wrote before {@code fork} or {@code invoke} happens before the task's
 * {@code compute}, and compute's writes happen before {@code join} returns (a divide-and-conquer sum whose subtasks
 * publish their partial sums in fields). The write after {@code fork} races with the task's read (main waits for
 * the read before joining, so the task runs in a pool thread, not in main's {@code join}).
 */
@ExpectRaces({"corpus.JucForkJoin.afterFork"})
public class JucForkJoin {
    static int[] data;
    int beforeFork;
    int afterFork;
    int seen;

    static final class Sum extends RecursiveTask<Long> {
        private final int lo;
        private final int hi;
        long partial;

        Sum(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 500) {
                long s = 0;
                for (int i = lo; i < hi; i++) {
                    s += data[i];
                }
                partial = s;
                return s;
            }
            int mid = (lo + hi) >>> 1;
            Sum left = new Sum(lo, mid);
            Sum right = new Sum(mid, hi);
            right.fork();
            left.compute();
            right.join();
            partial = left.partial + right.partial;
            return partial;
        }
    }

    static final class Reader extends RecursiveAction {
        private final JucForkJoin shared;
        private final CountDownLatch read = new CountDownLatch(1);

        Reader(JucForkJoin shared) {
            this.shared = shared;
        }

        @Override
        protected void compute() {
            shared.seen = shared.beforeFork + shared.afterFork;
            read.countDown();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int n = 10_000;
        data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = i;
        }
        ForkJoinPool pool = new ForkJoinPool(2);
        long total = pool.invoke(new Sum(0, n));
        if (total != (long) n * (n - 1) / 2) {
            throw new AssertionError(total);
        }
        JucForkJoin s = new JucForkJoin();
        s.beforeFork = 1;
        Reader reader = new Reader(s);
        reader.fork();
        s.afterFork = 1;
        reader.read.await();
        reader.join();
        System.out.println(total + s.seen);
        pool.shutdown();
    }
}
