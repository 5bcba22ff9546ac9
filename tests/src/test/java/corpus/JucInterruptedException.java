package corpus;

import java.util.concurrent.CountDownLatch;

/**
 * An interrupt detected by an InterruptedException: the interrupter's writes before {@code interrupt()} happen before
 * the interrupted thread's handler, whether {@code sleep} or {@code CountDownLatch.await} throws it; the interrupter's
 * write after the interrupt races.
 */
@ExpectRaces({"corpus.JucInterruptedException.afterInterrupt"})
public class JucInterruptedException {
    int message;
    int second;
    int afterInterrupt;

    public static void main(String[] args) throws Exception {
        JucInterruptedException s = new JucInterruptedException();
        int[] seen = new int[3];
        CountDownLatch never = new CountDownLatch(1);
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(600_000);
            } catch (InterruptedException e) {
                seen[0] = s.message;
                seen[1] = s.afterInterrupt;
            }
        }, "sleeper");
        Thread awaiter = new Thread(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                seen[2] = s.second;
            }
        }, "awaiter");
        sleeper.start();
        awaiter.start();
        Thread sender = new Thread(() -> {
            s.message = 42;
            s.second = 7;
            sleeper.interrupt();
            awaiter.interrupt();
            s.afterInterrupt = 1;
        }, "sender");
        sender.start();
        sleeper.join();
        awaiter.join();
        sender.join();
        System.out.println(seen[0] + seen[2]);
    }
}
