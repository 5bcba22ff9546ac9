package bigfoot.staticbf.jdk;

/**
 * Which way a JDK method synchronises, as the static analysis needs to know it: an ACQUIRE (an HB sink: lock,
 * volatile-like read, join) may order later accesses after another thread's, a RELEASE (an HB source: unlock,
 * volatile-like write, start) may order earlier accesses before another thread's; BOTH does both.
 */
public enum Side {
    NONE,
    ACQUIRE,
    RELEASE,
    BOTH;

    public boolean acquires() {
        return this == ACQUIRE || this == BOTH;
    }

    public boolean releases() {
        return this == RELEASE || this == BOTH;
    }

    public Side union(Side other) {
        boolean acquires = acquires() || other.acquires();
        boolean releases = releases() || other.releases();
        return acquires ? (releases ? BOTH : ACQUIRE) : (releases ? RELEASE : NONE);
    }
}
