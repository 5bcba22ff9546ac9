package corpus;

/** Start-then-join helper shared by the corpus programs; start and join are the only HB edges it adds. */
final class Threads {

    private Threads() {
    }

    /** Starts one thread per body (named worker-0, worker-1, ...), then joins them all. */
    static void run(Runnable... bodies) throws InterruptedException {
        Thread[] threads = new Thread[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            threads[i] = new Thread(bodies[i], "worker-" + i);
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
