package bigfoot.bench.kernels;

import java.util.concurrent.CyclicBarrier;

/**
 * Runs one body per worker thread, all started and then joined by the calling thread, sharing one
 * {@link CyclicBarrier} whose parties are exactly the workers (the detector models a barrier exactly when
 * the awaiting threads are its parties). A worker that throws interrupts the others, which breaks the
 * barrier for them, so no worker is left waiting forever; the first failure is rethrown by {@link #run}.
 */
public final class Team {

    /** The work of worker {@code t} (0-based). */
    public interface Body {
        void run(int t, CyclicBarrier barrier) throws Exception;
    }

    private final Thread[] workers;
    private Throwable failure; // guarded by this

    private Team(String name, int threads, Body body) {
        CyclicBarrier barrier = new CyclicBarrier(threads);
        workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers[t] = new Thread(() -> {
                try {
                    body.run(id, barrier);
                } catch (Throwable e) {
                    fail(e);
                }
            }, name + "-" + t);
        }
    }

    /** Runs {@code body} on {@code threads} new threads and waits for all of them. */
    public static void run(String name, int threads, Body body) throws Exception {
        new Team(name, threads, body).startAndJoin();
    }

    /** Start of part {@code t} when [0, n) is split into {@code parts} contiguous ranges. */
    public static int lo(int t, int parts, int n) {
        return (int) ((long) t * n / parts);
    }

    /** End (exclusive) of part {@code t} when [0, n) is split into {@code parts} contiguous ranges. */
    public static int hi(int t, int parts, int n) {
        return lo(t + 1, parts, n);
    }

    private void startAndJoin() throws Exception {
        // every worker is created before any starts, so each sees the whole array through its start edge
        for (Thread w : workers) {
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        Throwable f;
        synchronized (this) {
            f = failure;
        }
        if (f instanceof Exception) {
            throw (Exception) f;
        }
        if (f != null) {
            throw (Error) f;
        }
    }

    private void fail(Throwable e) {
        synchronized (this) {
            if (failure != null) {
                return; // a consequence of the first failure (an interrupt, a broken barrier)
            }
            failure = e;
        }
        for (Thread w : workers) {
            if (w != Thread.currentThread()) {
                w.interrupt();
            }
        }
    }
}
