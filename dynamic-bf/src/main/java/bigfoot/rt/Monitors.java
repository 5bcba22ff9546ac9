package bigfoot.rt;

/** The {@link LockState} of every monitor (and of every object waited on), with a one-entry per-thread cache. */
final class Monitors {

    private final WeakIdentityMap<LockState> states = new WeakIdentityMap<>();

    LockState of(Object monitor, ThreadState ts) {
        WeakIdentityMap.Entry<LockState> e = ts.recentLock;
        if (e == null || !e.refersTo(monitor)) {
            e = states.entry(monitor, k -> new LockState());
            ts.recentLock = e;
        }
        return e.value;
    }
}
