package bigfoot.staticbf.tool;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Runs numbered tasks on a fixed number of threads, each taking the next task not yet taken, and gives their results in
 * the tasks' order, whatever order they finished in. A task must catch its own exceptions; an error one throws (an
 * {@code OutOfMemoryError}) is thrown again to the caller.
 */
public final class Parallel {

    private final int threads;
    private final String name;

    /** {@code threads} threads in all, the workers named {@code name-1}, {@code name-2}... */
    public Parallel(int threads, String name) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.name = name;
    }

    /** Receives the tasks' results in order. */
    public interface InOrder<R, E extends Exception> {
        void accept(R result) throws E;
    }

    /**
     * Runs tasks {@code 0..count-1} on the calling thread and {@code threads - 1} workers, and returns their results once
     * all have run.
     */
    public <R> List<R> map(int count, IntFunction<R> task) {
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
                next.set(count);                                    // the others stop at their next task
            }
        };
        List<Thread> workers = new ArrayList<>();
        for (int w = 1; w < Math.min(threads, count); w++) {
            workers.add(start(worker, w));
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

    /**
     * Runs tasks {@code 0..count-1} on {@code threads} workers while the calling thread gives each result to
     * {@code consumer} in order, as soon as it and those before it are done. If {@code consumer} throws, the workers
     * stop at their next task and the exception is thrown here.
     */
    public <R, E extends Exception> void inOrder(int count, IntFunction<R> task, InOrder<R, E> consumer) throws E {
        List<CompletableFuture<R>> results = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            results.add(new CompletableFuture<>());
        }
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i; (i = next.getAndIncrement()) < count; ) {
                try {
                    results.get(i).complete(task.apply(i));
                } catch (Throwable t) {
                    results.get(i).completeExceptionally(t);
                }
            }
        };
        for (int w = 1; w <= Math.min(threads, count); w++) {
            start(worker, w);
        }
        try {
            for (CompletableFuture<R> r : results) {
                R result;
                try {
                    result = r.join();
                } catch (CompletionException e) {
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    if (e.getCause() instanceof RuntimeException bug) {
                        throw bug; // a task catches what it expects
                    }
                    throw new IllegalStateException(e.getCause());
                }
                consumer.accept(result);
            }
        } finally {
            next.set(count);
        }
    }

    private Thread start(Runnable worker, int number) {
        Thread t = new Thread(worker, name + "-" + number);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
