package bigfoot.rt;

import java.lang.ref.WeakReference;

/**
 * Who owned a tid from a given epoch on: the thread (weakly) and its name, for race reports and for
 * deciding whether the tid may be reused.
 */
final class ThreadIdentity {

    /** The owner's first epoch; later owners of the same tid start above the previous owner's last epoch. */
    final long firstEpoch;
    private final WeakReference<Thread> thread;
    private volatile String lastKnownName;

    ThreadIdentity(long firstEpoch, Thread thread) {
        this.firstEpoch = firstEpoch;
        this.thread = new WeakReference<>(thread);
        this.lastKnownName = thread.getName();
    }

    /** The thread's current name, or the last one seen if the thread object is gone. */
    String name() {
        Thread t = thread.get();
        if (t != null) {
            lastKnownName = t.getName();
        }
        return lastKnownName;
    }

    /** The thread, or null once it has been collected (which implies it is not running). */
    Thread thread() {
        return thread.get();
    }
}
