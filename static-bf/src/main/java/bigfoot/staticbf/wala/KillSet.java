package bigfoot.staticbf.wala;

/**
 * What a method (or a call) may do to the BigFoot analysis state, by the [Call] rule's kill sets
 * (the BigFoot dissertation, section 3.3.3): an ACQUIRE kills past accesses and anticipated accesses, a
 * RELEASE kills past accesses and past checks. The four values form a lattice under {@link #union}.
 */
public enum KillSet {
    NONE(false, false),
    ACQUIRE(true, false),
    RELEASE(false, true),
    BOTH(true, true);

    private final boolean acquires;
    private final boolean releases;

    KillSet(boolean acquires, boolean releases) {
        this.acquires = acquires;
        this.releases = releases;
    }

    public static KillSet of(boolean acquires, boolean releases) {
        return acquires ? (releases ? BOTH : ACQUIRE) : (releases ? RELEASE : NONE);
    }

    /** May (transitively) perform an acquire: monitorenter, volatile read, join return, ... */
    public boolean acquires() {
        return acquires;
    }

    /** May (transitively) perform a release: monitorexit, volatile write, Thread.start, ... */
    public boolean releases() {
        return releases;
    }

    public KillSet union(KillSet other) {
        return of(acquires || other.acquires, releases || other.releases);
    }
}
