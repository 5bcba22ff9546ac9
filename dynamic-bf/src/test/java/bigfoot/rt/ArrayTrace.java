package bigfoot.rt;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A random well-formed trace over a few short arrays (as {@link Trace}: locks held by one thread at a time,
 * each thread forked at most once before its operations and silent once joined): element checks, strided range
 * checks (partly out of bounds at times), acquire/release, fork/join and volatile read/write. Array
 * {@code x} is guarded by lock {@code x % LOCKS}, obeyed with a per-trace probability, so both race-free and
 * racy traces come out.
 */
final class ArrayTrace {

    enum Kind { READ, WRITE, READ_RANGE, WRITE_RANGE, ACQUIRE, RELEASE, FORK, JOIN, VOLATILE_READ, VOLATILE_WRITE }

    /** {@code thread} does {@code kind} on {@code target} (array, lock, thread or volatile); ranges use begin/end/stride. */
    record Op(Kind kind, int thread, int target, int begin, int end, int stride) {
        @Override
        public String toString() {
            switch (kind) {
                case READ: case WRITE: return kind + "(" + thread + ",a" + target + "[" + begin + "])";
                case READ_RANGE: case WRITE_RANGE:
                    return kind + "(" + thread + ",a" + target + "[" + begin + ".." + end + "/" + stride + "])";
                default: return kind + "(" + thread + "," + target + ")";
            }
        }
    }

    static final int THREADS = 4;
    static final int LOCKS = 2;
    /** Distinct element types, so a race's target names its array. */
    static final Class<?>[] ARRAY_TYPES = {int[].class, long[].class, byte[].class};

    final int[] lengths = new int[ARRAY_TYPES.length];
    final List<Op> ops = new ArrayList<>();

    private final Random rnd;
    private final TraceThreads threads;
    private final double discipline;

    private ArrayTrace(Random rnd) {
        this.rnd = rnd;
        double r = rnd.nextDouble();
        this.discipline = 1 - r * r * r;
        this.threads = new TraceThreads(rnd, THREADS, LOCKS);
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = 1 + rnd.nextInt(16);
        }
    }

    static ArrayTrace random(Random rnd, int length) {
        ArrayTrace t = new ArrayTrace(rnd);
        while (t.ops.size() < length) {
            t.step();
        }
        return t;
    }

    private void step() {
        int t = threads.randomAlive();
        int roll = rnd.nextInt(100);
        if (roll < 55) {
            access(t, rnd.nextInt(lengths.length), roll < 20, roll % 2 == 0);
        } else if (roll < 65) {
            int m = rnd.nextInt(LOCKS);
            if (threads.acquire(t, m)) {
                add(Kind.ACQUIRE, t, m);
            }
        } else if (roll < 77) {
            int m = rnd.nextInt(LOCKS);
            if (threads.release(t, m)) {
                add(Kind.RELEASE, t, m);
            }
        } else if (roll < 84) {
            int u = rnd.nextInt(THREADS);
            if (threads.fork(u)) {
                add(Kind.FORK, t, u);
            }
        } else if (roll < 88) {
            int u = rnd.nextInt(THREADS);
            if (threads.join(t, u)) {
                add(Kind.JOIN, t, u);
            }
        } else if (roll < 94) {
            add(Kind.VOLATILE_READ, t, 0);
        } else {
            add(Kind.VOLATILE_WRITE, t, 0);
        }
    }

    /** An element or range check of array x, or (obeying the guard) the acquire of x's lock instead. */
    private void access(int t, int x, boolean range, boolean write) {
        int guard = x % LOCKS;
        if (threads.holder(guard) != t && rnd.nextDouble() < discipline) {
            if (threads.acquire(t, guard)) {
                add(Kind.ACQUIRE, t, guard);
            }
            return;
        }
        int n = lengths[x];
        if (!range) {
            int index = rnd.nextInt(10) == 0 ? n + rnd.nextInt(3) - 1 : rnd.nextInt(n);   // sometimes out of bounds
            ops.add(new Op(write ? Kind.WRITE : Kind.READ, t, x, index, index + 1, 1));
        } else {
            int begin = rnd.nextInt(n + 4) - 3;
            int end = begin + rnd.nextInt(n + 4);
            int stride = rnd.nextInt(3) == 0 ? 2 + rnd.nextInt(3) : 1;
            ops.add(new Op(write ? Kind.WRITE_RANGE : Kind.READ_RANGE, t, x, begin, end, stride));
        }
    }

    private void add(Kind kind, int thread, int target) {
        ops.add(new Op(kind, thread, target, 0, 0, 0));
    }
}
