package corpus;

/**
 * main writes under the lock, then interrupts a thread parked in wait(); wait() leaves by throwing
 * InterruptedException, re-acquiring the monitor, and the waiter reads under the lock: race-free.
 */
@ExpectRaces({})
public class InterruptedWaitRaceFree {
    private final Object lock = new Object();
    private int data;
    private int seen;

    void waitForInterrupt() {
        synchronized (lock) {
            try {
                while (true) {
                    lock.wait();
                }
            } catch (InterruptedException e) {
                seen = data;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        InterruptedWaitRaceFree w = new InterruptedWaitRaceFree();
        Thread waiter = new Thread(w::waitForInterrupt, "waiter");
        waiter.start();
        synchronized (w.lock) {
            w.data = 5;
        }
        waiter.interrupt();
        waiter.join();
        System.out.println("seen " + w.seen);
    }
}
