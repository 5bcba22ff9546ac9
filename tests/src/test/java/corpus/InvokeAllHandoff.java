package corpus;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * {@code ForkJoinTask.invokeAll} of an array and of a collection forks every task and joins them all: what the
 * caller wrote before is seen by each task, and what each task wrote is seen after the call. The first task, which
 * {@code invokeAll} runs in main, waits until a pool thread has started another, so the pool takes part in every run
 * (the wait orders nothing the program checks: a task counts down before it touches anything).
 */
@ExpectRaces({})
public class InvokeAllHandoff {
    static final int[] cells = new int[8];
    static int scale;

    static final CountDownLatch poolStarted = new CountDownLatch(1);
    static Thread main;

    static final class Fill extends RecursiveAction {
        private final int index;
        private final boolean waitForThePool;

        Fill(int index, boolean waitForThePool) {
            this.index = index;
            this.waitForThePool = waitForThePool;
        }

        @Override
        protected void compute() {
            if (Thread.currentThread() != main) {
                poolStarted.countDown();
            } else if (waitForThePool) {
                try {
                    poolStarted.await(); // main runs this task: the pool's thread must take one of the others
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            cells[index] = index * scale;
        }
    }

    public static void main(String[] args) {
        main = Thread.currentThread();
        scale = 3;
        ForkJoinTask.invokeAll(new Fill(0, true), new Fill(1, false), new Fill(2, false), new Fill(3, false));
        scale = 5;
        ForkJoinTask.invokeAll(List.of(new Fill(4, false), new Fill(5, false), new Fill(6, false), new Fill(7, false)));
        int sum = 0;
        for (int c : cells) {
            sum += c;
        }
        System.out.println("sum " + sum);
    }
}
