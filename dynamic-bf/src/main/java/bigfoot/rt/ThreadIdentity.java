package bigfoot.rt;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * Who owned a tid from a given epoch on: the thread (weakly), its name and where it was started, for race
 * reports, and for deciding whether the tid may be reused. Once the thread is collected, its identity is
 * enqueued on the queue it was made with ({@link Threads} retires the owner's state then).
 */
final class ThreadIdentity extends WeakReference<Thread> {

    /** The owner's first epoch; later owners of the same tid start above the previous owner's last epoch. */
    final long firstEpoch;
    private volatile String lastKnownName;
    /** {@code by "main" at demo.Bank.main(Bank.java:40)}, or null if the thread was not started by rewritten code. */
    final String started;

    ThreadIdentity(long firstEpoch, Thread thread, String started, ReferenceQueue<Thread> collected) {
        super(thread, collected);
        this.firstEpoch = firstEpoch;
        this.lastKnownName = reportName(thread);
        this.started = started;
    }

    /** The thread's current name, or the last one seen if the thread object is gone. */
    String name() {
        Thread t = get();
        if (t != null) {
            lastKnownName = reportName(t);
        }
        return lastKnownName;
    }

    /**
     * {@code t}'s name, or for a thread without one (a virtual thread's default) {@code virtual#id} ({@code thread#id}
     * for a platform thread): an empty name in a report would not tell two such threads apart.
     */
    static String reportName(Thread t) {
        String name = t.getName();
        if (!name.isEmpty()) {
            return name;
        }
        boolean virtual = t.getClass().getName().equals("java.lang.VirtualThread");
        return (virtual ? "virtual#" : "thread#") + t.getId();
    }

    /** The thread, or null once it has been collected (which implies it is not running). */
    Thread thread() {
        return get();
    }
}
