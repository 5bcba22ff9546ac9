package modern;

import java.util.concurrent.CyclicBarrier;

/** Properly synchronised threads (monitors, wait/notify, volatile, barrier, join) whose output is deterministic. */
public class SynchronisedWorkers {
    private final int[] cells = new int[8];
    private int produced;
    private boolean done;
    private volatile boolean go;

    synchronized void add(int v) {
        produced += v;
    }

    void finish() {
        synchronized (this) {
            done = true;
            notifyAll();
        }
    }

    synchronized void awaitDone() throws InterruptedException {
        while (!done) {
            wait();
        }
    }

    public static void main(String[] args) throws Exception {
        SynchronisedWorkers w = new SynchronisedWorkers();
        CyclicBarrier barrier = new CyclicBarrier(2);
        Thread[] threads = new Thread[2];
        for (int k = 0; k < 2; k++) {
            int me = k;
            threads[k] = new Thread(() -> {
                while (!w.go) {
                    Thread.onSpinWait();
                }
                for (int i = me * 4; i < me * 4 + 4; i++) {
                    w.cells[i] = i * i;
                    w.add(i);
                }
                try {
                    barrier.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                int other = 1 - me;
                int s = 0;
                for (int i = other * 4; i < other * 4 + 4; i++) {
                    s += w.cells[i];
                }
                w.add(s);
            });
            threads[k].start();
        }
        Thread finisher = new Thread(w::finish);
        w.go = true;
        for (Thread t : threads) {
            t.join();
        }
        finisher.start();
        w.awaitDone();
        finisher.join();
        System.out.println("produced " + w.produced);
    }
}
