package bigfoot.rt;

/**
 * Code one thread hands to another to run (a task given to an executor, a CompletableFuture stage's function): the
 * handing thread releases into the wrapper's channel when it hands it over, and the wrapper, when it starts,
 * acquires from it and from the channels of what it waited for (a stage's sources); when it ends it releases into
 * its own channel (the Future or stage made an alias of it) and into the one of whoever waits for every such end (an
 * executor's, for {@code awaitTermination}). The JDK starts the threads that run it, with no fork edge: these are
 * the only edges.
 */
abstract class HandOff {

    /** This hand-off's channel ({@link Channels#of}). */
    final VarState channel = new VarState();
    private final Object firstAwaited;
    private final Object secondAwaited;
    private final Object notified;

    /** Channels acquired at the start besides its own (null: none), and one released at the end besides its own. */
    HandOff(Object firstAwaited, Object secondAwaited, Object notified) {
        this.firstAwaited = firstAwaited;
        this.secondAwaited = secondAwaited;
        this.notified = notified;
    }

    /** {@code wrapper}, released into by the handing thread {@code from}. */
    static <W extends HandOff> W handedOff(W wrapper, ThreadState from) {
        RT.hbRelease(wrapper, from);
        return wrapper;
    }

    final void started() {
        ThreadState ts = RT.thread();
        RT.hbAcquire(this, ts);
        if (firstAwaited != null) {
            RT.hbAcquire(firstAwaited, ts);
        }
        if (secondAwaited != null) {
            RT.hbAcquire(secondAwaited, ts);
        }
    }

    final void ended() {
        ThreadState ts = RT.thread();
        RT.hbRelease(this, ts);
        if (notified != null) {
            RT.hbRelease(notified, ts);
        }
        ts.forgetArrays();
    }
}
