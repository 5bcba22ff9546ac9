package bigfoot.rt;

import bigfoot.ir.Site;

/**
 * The run's events as a tool other than the runtime's own FastTrack2 rules takes them: {@code --record} writes them
 * ({@link TraceRecorder}), {@code --tool} hands them to a detector ({@link LiveTool}). An access event is a check the
 * rewritten program made, one per location it covers; a location is a member of a holder: a field of an object, a
 * static field (no holder), an element of an array (its shadow, the array's type and the element's index). A
 * synchronisation event comes from the FastTrack2 core where it applies the event, in the order it applies it to its
 * object, with the happens-before edge it gives it: monitors as acquires and releases, volatiles and
 * java.util.concurrent channels as volatile reads and writes, a class's initialisation as a volatile written at the
 * end of its {@code <clinit>} and read by a thread's first use of the class, a barrier's generation as a volatile each
 * thread writes when it arrives and reads when it leaves.
 */
abstract class RunEvents {

    private final Sites sites;

    RunEvents(Sites sites) {
        this.sites = sites;
    }

    /**
     * A check of {@code holder}'s {@code member} (element {@code index} of an array, else -1; a null holder for a
     * static field) by {@code ts}'s thread at {@code site}.
     */
    abstract void access(ThreadState ts, Object holder, String member, int index, int site, boolean write);

    abstract void acquire(ThreadState ts, LockState lock);

    abstract void release(ThreadState ts, LockState lock);

    abstract void fork(ThreadState parent, ThreadState child);

    abstract void join(ThreadState ts, ThreadState joined);

    /** A volatile read of {@code variable}: a volatile's or a channel's state, a class's initialisation, a barrier's generation. */
    abstract void volatileRead(ThreadState ts, Object variable);

    /** A volatile write of {@code variable} (as {@link #volatileRead}). */
    abstract void volatileWrite(ThreadState ts, Object variable);

    /** A check of {@code obj}'s field at {@code site} (the field the site names). */
    final void field(ThreadState ts, Object obj, int site, boolean write) {
        access(ts, obj, target(site), -1, site, write);
    }

    /** A check of the static field {@code site} names. */
    final void staticField(ThreadState ts, int site, boolean write) {
        access(ts, null, target(site), -1, site, write);
    }

    /** A check of a field of {@code objOrClass} (a class for a static field) that a class not rewritten declares. */
    final void foreign(ThreadState ts, Object objOrClass, int site, boolean write) {
        access(ts, objOrClass instanceof Class<?> ? null : objOrClass, target(site), -1, site, write);
    }

    /** Checks of {@code a}'s elements {@code first, first + step, .. last} (all in bounds). */
    final void elements(ThreadState ts, ArrayShadow a, int first, int last, int step, int site, boolean write) {
        String type = a.type().getTypeName();
        for (long i = first; i <= last; i += step) {
            access(ts, a, type, (int) i, site, write);
        }
    }

    /** The site of id {@code site}, or null. */
    final Site site(int site) {
        return sites.site(site);
    }

    /** The field {@code site} names ({@code pkg.Class.field}), or {@code site<id>} for an unknown site. */
    private String target(int site) {
        Site s = sites.site(site);
        return s != null ? s.target() : "site" + site;
    }
}
