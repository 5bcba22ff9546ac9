package bigfoot.rt;

/**
 * A straightforward DJIT+-style detector for the differential test: a full vector clock of reads and
 * one of writes per variable (no epochs, no SHARED mode, no fast paths), plain int clocks, every
 * re-entrant acquire and release processed as a real one.
 */
final class ReferenceDetector {

    private final int n = Trace.THREADS;
    private final int[][] clock = new int[n][n];
    private final int[][] lock = new int[Trace.LOCKS][n];
    private final int[][] vol = new int[Trace.VOLATILES][n];
    private final int[][] reads = new int[Trace.VARS + Trace.STATICS][n];
    private final int[][] writes = new int[Trace.VARS + Trace.STATICS][n];
    private int[] classInit;

    ReferenceDetector() {
        for (int t = 0; t < n; t++) {
            clock[t][t] = 1;
        }
    }

    /** Index of the first op that is a racing access, or -1. */
    int firstRace(Trace trace) {
        for (int i = 0; i < trace.ops.size(); i++) {
            if (step(trace.ops.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private boolean step(Trace.Op op) {
        int t = op.thread();
        int[] c = t >= 0 ? clock[t] : null;
        switch (op.kind()) {
            case READ: return read(t, op.target());
            case WRITE: return write(t, op.target());
            case STATIC_READ: joinClassInit(t); return read(t, Trace.VARS + op.target());
            case STATIC_WRITE: joinClassInit(t); return write(t, Trace.VARS + op.target());
            case ACQUIRE: join(c, lock[op.target()]); return false;
            case RELEASE: lock[op.target()] = c.clone(); c[t]++; return false;
            case FORK: join(clock[op.target()], c); c[t]++; return false;
            case JOIN: join(c, clock[op.target()]); return false;
            case VOLATILE_READ: join(c, vol[op.target()]); return false;
            case VOLATILE_WRITE: join(vol[op.target()], c); c[t]++; return false;
            case CLASS_INIT: classInit = c.clone(); c[t]++; return false;
            case BARRIER: {
                int[] all = new int[n];
                for (int u : op.group()) {
                    join(all, clock[u]);
                }
                for (int u : op.group()) {
                    clock[u] = all.clone();
                    clock[u][u]++;
                }
                return false;
            }
            default: throw new AssertionError(op);
        }
    }

    private void joinClassInit(int t) {
        if (classInit != null) {
            join(clock[t], classInit);
        }
    }

    private boolean read(int t, int x) {
        boolean race = !leq(writes[x], clock[t]);
        reads[x][t] = clock[t][t];
        return race;
    }

    private boolean write(int t, int x) {
        boolean race = !leq(writes[x], clock[t]) || !leq(reads[x], clock[t]);
        writes[x][t] = clock[t][t];
        return race;
    }

    private static boolean leq(int[] a, int[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] > b[i]) {
                return false;
            }
        }
        return true;
    }

    private static void join(int[] into, int[] from) {
        for (int i = 0; i < into.length; i++) {
            into[i] = Math.max(into[i], from[i]);
        }
    }
}
