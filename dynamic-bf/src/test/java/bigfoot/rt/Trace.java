package bigfoot.rt;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A random well-formed trace (the well-formedness assumptions of "The FastTrack2 Race Detector", section 2): locks are held by one thread at a
 * time (re-entrantly), released only by their holder; each thread is forked at most once, before any
 * of its operations, and does nothing after it is joined; a class's statics are used by other threads
 * only after its initialiser finished, and only by the initialising thread before that.
 */
final class Trace {

    enum Kind { READ, WRITE, ACQUIRE, RELEASE, FORK, JOIN, VOLATILE_READ, VOLATILE_WRITE, BARRIER,
        STATIC_READ, STATIC_WRITE, CLASS_INIT }

    /** One operation: {@code thread} does {@code kind} on {@code target} (var, lock, thread, volatile); BARRIER uses {@code group}. */
    record Op(Kind kind, int thread, int target, int[] group) {
        @Override
        public String toString() {
            return kind == Kind.BARRIER ? "BARRIER" + java.util.Arrays.toString(group) : kind + "(" + thread + "," + target + ")";
        }
    }

    static final int THREADS = 4;
    static final int VARS = 3;
    static final int LOCKS = 2;
    static final int VOLATILES = 1;
    static final int STATICS = 2;

    final List<Op> ops = new ArrayList<>();

    private final Random rnd;
    private final TraceThreads threads;
    /** -1: not initialised; THREADS: done; otherwise the thread running the initialiser. */
    private int classInit = -1;
    /** How strictly this trace guards variable accesses with their lock (0: never, 1: always). */
    private final double discipline;

    private Trace(Random rnd) {
        this.rnd = rnd;
        double r = rnd.nextDouble();
        this.discipline = 1 - r * r * r;                       // skewed towards disciplined traces
        this.threads = new TraceThreads(rnd, THREADS, LOCKS);
    }

    static Trace random(Random rnd, int length) {
        Trace t = new Trace(rnd);
        while (t.ops.size() < length) {
            t.step();
        }
        return t;
    }

    private void step() {
        int t = threads.randomAlive();
        int roll = rnd.nextInt(100);
        if (roll < 48) {
            access(t, roll < 30 ? Kind.READ : Kind.WRITE, rnd.nextInt(VARS));
        } else if (roll < 56) {
            int m = rnd.nextInt(LOCKS);
            if (threads.acquire(t, m)) {
                add(Kind.ACQUIRE, t, m);
            }
        } else if (roll < 66) {
            int m = rnd.nextInt(LOCKS);
            if (threads.release(t, m)) {
                add(Kind.RELEASE, t, m);
            }
        } else if (roll < 72) {
            int u = rnd.nextInt(THREADS);
            if (threads.fork(u)) {
                add(Kind.FORK, t, u);
            }
        } else if (roll < 75) {
            int u = rnd.nextInt(THREADS);
            if (classInit != u && threads.join(t, u)) {
                add(Kind.JOIN, t, u);
            }
        } else if (roll < 79) {
            add(Kind.VOLATILE_READ, t, rnd.nextInt(VOLATILES));
        } else if (roll < 83) {
            add(Kind.VOLATILE_WRITE, t, rnd.nextInt(VOLATILES));
        } else if (roll < 85) {
            barrier(t);
        } else if (roll < 97) {
            staticAccess(t);
        } else if (classInit == t) {
            classInit = THREADS;
            add(Kind.CLASS_INIT, t, 0);
        }
    }

    /**
     * An access to x, or, with probability {@link #discipline} when t does not hold x's guard lock, the
     * acquire of that lock instead: traces range from lock-disciplined (mostly race-free) to wild.
     */
    private void access(int t, Kind kind, int x) {
        int guard = x % LOCKS;
        if (threads.holder(guard) == t || rnd.nextDouble() >= discipline) {
            add(kind, t, x);
        } else if (threads.acquire(t, guard)) {
            add(Kind.ACQUIRE, t, guard);
        }
    }

    /** A static access: the initialiser reads and writes; after initialisation other threads mostly read. */
    private void staticAccess(int t) {
        if (classInit == -1) {
            classInit = t;                                      // t starts running the initialiser
        }
        boolean write = rnd.nextBoolean() && (classInit == t || rnd.nextDouble() >= discipline);
        if (classInit == t || classInit == THREADS) {
            add(write ? Kind.STATIC_WRITE : Kind.STATIC_READ, t, rnd.nextInt(STATICS));
        }
    }

    private void barrier(int t) {
        List<Integer> group = new ArrayList<>();
        group.add(t);
        for (int u = 0; u < THREADS; u++) {
            if (u != t && threads.alive(u) && rnd.nextBoolean()) {
                group.add(u);
            }
        }
        if (group.size() >= 2) {
            java.util.Collections.shuffle(group, rnd);
            ops.add(new Op(Kind.BARRIER, -1, 0, group.stream().mapToInt(Integer::intValue).toArray()));
        }
    }

    private void add(Kind kind, int thread, int target) {
        ops.add(new Op(kind, thread, target, null));
    }
}
