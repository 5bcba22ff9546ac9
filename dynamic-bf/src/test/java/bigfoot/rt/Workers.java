package bigfoot.rt;

import java.util.function.Consumer;

/** Runs code in real, named threads, one at a time (start, then a real join), against an explicit {@link Threads}. */
final class Workers {

    private Workers() {
    }

    /** Starts a thread named {@code name} running {@code body} with its own state, and waits for it to end. */
    static Thread run(Threads threads, String name, Consumer<ThreadState> body) throws InterruptedException {
        Thread t = new Thread(() -> body.accept(threads.current()), name);
        t.start();
        t.join();
        return t;
    }

    /** As {@link #run}, but the thread is forked by {@code parent} first (a fork edge, possibly a reused tid). */
    static Thread forkAndRun(Threads threads, ThreadState parent, String name, Consumer<ThreadState> body)
            throws InterruptedException {
        Thread t = new Thread(() -> body.accept(threads.current()), name);
        threads.fork(t, parent);
        t.start();
        t.join();
        return t;
    }
}
