package corpus;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;

/**
 * A latch hand-off (the worker's writes before countDown happen before await returns) and a counter guarded by a
 * one-permit Semaphore; the worker's write after its countDown races with the reader.
 */
@ExpectRaces({"corpus.JucSynchronizers.afterCountDown"})
public class JucSynchronizers {
    int result;
    int afterCountDown;
    int permitted;

    public static void main(String[] args) throws Exception {
        JucSynchronizers s = new JucSynchronizers();
        CountDownLatch done = new CountDownLatch(1);
        Semaphore permit = new Semaphore(1);
        int[] seen = new int[2];
        Runnable increments = () -> {
            for (int i = 0; i < 500; i++) {
                permit.acquireUninterruptibly();
                try {
                    s.permitted++;
                } finally {
                    permit.release();
                }
            }
        };
        Threads.run(() -> {
            s.result = 42;
            done.countDown();
            s.afterCountDown = 1;
            increments.run();
        }, () -> {
            try {
                done.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            seen[0] = s.result;
            seen[1] = s.afterCountDown;
            increments.run();
        });
        System.out.println(seen[0] + " " + seen[1] + " " + s.permitted);
    }
}
