package corpus;

/**
 * An interrupt as a signal: the interrupter's writes before {@code interrupt()} happen before the interrupted
 * thread sees the interrupt ({@code Thread.interrupted()} returning true); its write after it races.
 */
@ExpectRaces({"corpus.JucInterrupt.afterInterrupt"})
public class JucInterrupt {
    int message;
    int afterInterrupt;

    public static void main(String[] args) throws Exception {
        JucInterrupt s = new JucInterrupt();
        int[] seen = new int[2];
        Thread receiver = new Thread(() -> {
            while (!Thread.interrupted()) {
                Thread.onSpinWait();
            }
            seen[0] = s.message;
            seen[1] = s.afterInterrupt;
        }, "receiver");
        Thread sender = new Thread(() -> {
            s.message = 42;
            receiver.interrupt();
            s.afterInterrupt = 1;
        }, "sender");
        receiver.start();
        sender.start();
        receiver.join();
        sender.join();
        System.out.println(seen[0]);
    }
}
