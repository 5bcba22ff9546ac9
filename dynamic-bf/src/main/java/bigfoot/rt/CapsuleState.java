package bigfoot.rt;

/**
 * A capsule object's state once its word cannot hold it ({@link CapsuleShadow}: a tid or clock too large for a word):
 * the same protocol on full epochs, under this object's monitor.
 */
final class CapsuleState {

    /** The thread inside the object, or -1. */
    private int inside = -1;
    private int insideSite = -1;
    /** The epoch of the last exit (0: none yet) and the site of that activation's first access. */
    private long exit;
    private int exitSite = -1;

    /** Sets this state to what the word {@code w} says. */
    synchronized void fill(long w) {
        inside = -1;
        insideSite = -1;
        exit = 0;
        exitSite = -1;
        if (w == ShadowWord.NONE) {
            return;
        }
        if (CapsuleShadow.occupied(w)) {
            inside = ShadowWord.tid(w);
            insideSite = ShadowWord.site(w);
        } else {
            exit = ShadowWord.epoch(w);
            exitSite = ShadowWord.site(w);
        }
    }

    synchronized int enter(CapsuleShadow shadow, ThreadState ts, int site) {
        if (inside == ts.tid) {
            return CapsuleShadow.NESTED;
        }
        if (inside >= 0) {
            shadow.registry().violation(shadow, CapsuleViolation.Kind.CONCURRENT,
                    Epoch.make(inside, Epoch.CLOCK_MASK), insideSite, ts, site);
        } else if (exit != 0 && Epoch.tid(exit) != ts.tid && exit > ts.get(Epoch.tid(exit))) {
            shadow.registry().violation(shadow, CapsuleViolation.Kind.UNORDERED, exit, exitSite, ts, site);
        }
        inside = ts.tid;
        insideSite = site;
        return CapsuleShadow.ENTERED;
    }

    synchronized void exit(ThreadState ts) {
        if (inside == ts.tid) {
            inside = -1;
            exit = ts.epoch;
            exitSite = insideSite;
        }
    }
}
