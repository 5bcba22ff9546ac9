package corpus;

/**
 * Producer writes data outside the lock, then sets ready and notifies under the lock; the consumer waits
 * until ready and reads data outside the lock. Release/acquire on the monitor orders the data accesses.
 */
@ExpectRaces({})
public class WaitNotifyHandoff {
    private final Object lock = new Object();
    private boolean ready;
    private int[] data;

    void produce() {
        data = new int[] {1, 2, 3};
        synchronized (lock) {
            ready = true;
            lock.notifyAll();
        }
    }

    int consume() {
        synchronized (lock) {
            while (!ready) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return -1;
                }
            }
        }
        return data[0] + data[1] + data[2];
    }

    public static void main(String[] args) throws Exception {
        WaitNotifyHandoff h = new WaitNotifyHandoff();
        int[] sum = new int[1];
        Threads.run(() -> sum[0] = h.consume(), h::produce);
        System.out.println("sum " + sum[0]);
    }
}
