package corpus;

import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * {@code ForkJoinTask.invokeAll} of an array and of a collection forks every task and joins them all: what the
 * caller wrote before is seen by each task, and what each task wrote is seen after the call.
 */
@ExpectRaces({})
public class InvokeAllHandoff {
    static final int[] cells = new int[8];
    static int scale;

    static final class Fill extends RecursiveAction {
        private final int index;

        Fill(int index) {
            this.index = index;
        }

        @Override
        protected void compute() {
            cells[index] = index * scale;
            try {
                Thread.sleep(20); // long enough for the pool's workers to take the forked tasks
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public static void main(String[] args) {
        scale = 3;
        ForkJoinTask.invokeAll(new Fill(0), new Fill(1), new Fill(2), new Fill(3));
        scale = 5;
        ForkJoinTask.invokeAll(List.of(new Fill(4), new Fill(5), new Fill(6), new Fill(7)));
        int sum = 0;
        for (int c : cells) {
            sum += c;
        }
        System.out.println("sum " + sum);
    }
}
