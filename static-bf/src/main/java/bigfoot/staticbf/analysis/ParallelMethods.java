package bigfoot.staticbf.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Runs one task per method on a fixed number of threads (the calling thread and {@code threads - 1} workers, each
 * taking the next method not yet taken) and returns the results in the methods' order, whatever order they finished
 * in. A task must catch its own exceptions; an error one throws (an {@code OutOfMemoryError}) is thrown again here
 * once every thread has stopped.
 */
final class ParallelMethods {

    private final int threads;

    ParallelMethods(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    <R> List<R> map(int count, IntFunction<R> task) {
        Object[] results = new Object[count];
        AtomicInteger next = new AtomicInteger();
        Throwable[] error = new Throwable[1];
        Runnable worker = () -> {
            try {
                for (int i; (i = next.getAndIncrement()) < count; ) {
                    results[i] = task.apply(i);
                }
            } catch (Throwable t) {
                synchronized (error) {
                    error[0] = error[0] == null ? t : error[0];
                }
                next.set(count);                                    // the others stop at their next method
            }
        };
        List<Thread> workers = new ArrayList<>();
        for (int w = 1; w < Math.min(threads, count); w++) {
            Thread t = new Thread(worker, "staticbf-analysis-" + w);
            t.setDaemon(true);
            t.start();
            workers.add(t);
        }
        worker.run();
        boolean interrupted = false;
        for (Thread t : workers) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        synchronized (error) {
            if (error[0] instanceof Error e) {
                throw e;
            }
            if (error[0] instanceof RuntimeException e) {
                throw e;
            }
        }
        @SuppressWarnings("unchecked")
        List<R> list = (List<R>) Arrays.asList(results);
        return list;
    }
}
