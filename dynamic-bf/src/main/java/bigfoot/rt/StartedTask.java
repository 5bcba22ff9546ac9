package bigfoot.rt;

/**
 * The task of a thread that {@code Thread.Builder.start} or {@code Thread.startVirtualThread} (Java 21) starts at
 * once, so the rewriter cannot put a FORK between the thread's creation and its start: the starting thread releases
 * into this wrapper's channel when the rewritten call hands it over, and the new thread, before the task, takes its
 * state with the start's site and acquires from the channel. Together that is FORK: everything the starting thread
 * did before the call happens before the new thread's first action, and reports say where the thread was started.
 */
final class StartedTask extends HandOff implements Runnable {

    private final Runnable task;
    private final String startSite;

    private StartedTask(Runnable task, String startSite) {
        super(null, null, null);
        this.task = task;
        this.startSite = startSite;
    }

    static Runnable of(Runnable task, ThreadState starter) {
        return task == null ? null : HandOff.handedOff(new StartedTask(task, Threads.startSite()), starter);
    }

    @Override
    public void run() {
        RT.threadStarted(startSite);
        started();
        task.run();
    }
}
