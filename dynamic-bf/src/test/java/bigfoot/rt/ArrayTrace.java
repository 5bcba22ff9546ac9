package bigfoot.rt;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A random well-formed trace over a few arrays (as {@link Trace}: locks held by one thread at a time, each thread
 * forked at most once before its operations and silent once joined): element checks, range checks,
 * acquire/release, fork/join, volatile read/write and barriers among live threads. Array {@code x} is guarded by
 * lock {@code x % LOCKS}, obeyed with a per-trace probability, so both race-free and racy traces come out.
 *
 * <p>Three short arrays, a flattened square matrix and one long array (single elements inside a large coarse
 * shadow). Range checks follow the patterns adaptive shadows must handle: random ranges with several strides
 * (partly out of bounds at times, overlapping), interleaved partitions (thread t checks {@code t, t+k, ..}),
 * block partitions (strided at times), and triangular steps: shrinking suffixes {@code [j, n)}, whole or split
 * between threads, matrix rows {@code [i*w+j, (i+1)*w)} for rows {@code i >= j}, with j growing, and lufact's
 * pivot steps: single-index checks at {@code j} and at a pivot row {@code l >= j} (the swap), then the suffix
 * {@code [j+1, n)}, whole or split between threads.
 */
final class ArrayTrace {

    enum Kind { READ, WRITE, READ_RANGE, WRITE_RANGE, ACQUIRE, RELEASE, FORK, JOIN, VOLATILE_READ, VOLATILE_WRITE, BARRIER }

    /**
     * {@code thread} does {@code kind} on {@code target} (array, lock, thread or volatile); ranges use begin/end/stride.
     * A BARRIER's target is the set of threads that meet at it, one bit per thread.
     */
    record Op(Kind kind, int thread, int target, int begin, int end, int stride) {
        @Override
        public String toString() {
            switch (kind) {
                case READ: case WRITE: return kind + "(" + thread + ",a" + target + "[" + begin + "])";
                case READ_RANGE: case WRITE_RANGE:
                    return kind + "(" + thread + ",a" + target + "[" + begin + ".." + end + "/" + stride + "])";
                case BARRIER: return kind + "(" + Integer.toBinaryString(target) + ")";
                default: return kind + "(" + thread + "," + target + ")";
            }
        }
    }

    static final int THREADS = 4;
    static final int LOCKS = 2;
    /** Distinct element types, so a race's target names its array. */
    static final Class<?>[] ARRAY_TYPES = {int[].class, long[].class, byte[].class, double[].class, char[].class};
    /** The flattened matrix (width {@link #width}) and the long array. */
    static final int MATRIX = 3;
    static final int LONG = 4;
    private static final int[] STRIDES = {1, 1, 2, 3, 4, 6};

    final int[] lengths = new int[ARRAY_TYPES.length];
    final List<Op> ops = new ArrayList<>();

    private final Random rnd;
    private final TraceThreads threads;
    private final double discipline;
    private final int width;
    /** Per array: the step j of its triangular pattern. */
    private final int[] step = new int[ARRAY_TYPES.length];
    /** Interleaved partitions: thread t takes residue {@code (t + shift) mod k}. */
    private final int shift;

    private ArrayTrace(Random rnd) {
        this.rnd = rnd;
        double r = rnd.nextDouble();
        this.discipline = 1 - r * r * r;
        this.threads = new TraceThreads(rnd, THREADS, LOCKS);
        for (int i = 0; i < MATRIX; i++) {
            lengths[i] = 1 + rnd.nextInt(16);
        }
        width = 3 + rnd.nextInt(8);
        lengths[MATRIX] = width * width;
        lengths[LONG] = 100 + rnd.nextInt(300);
        shift = rnd.nextInt(THREADS);
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
            access(t, rnd.nextInt(lengths.length), roll < 30, roll % 2 == 0);
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
        } else if (roll < 92) {
            add(Kind.VOLATILE_READ, t, 0);
        } else if (roll < 96) {
            add(Kind.VOLATILE_WRITE, t, 0);
        } else {
            barrier(t);
        }
    }

    /** A barrier where t and some other live threads meet (at least two). */
    private void barrier(int t) {
        int group = 1 << t;
        for (int u = 0; u < THREADS; u++) {
            if (u != t && threads.alive(u) && rnd.nextBoolean()) {
                group |= 1 << u;
            }
        }
        if (Integer.bitCount(group) >= 2) {
            add(Kind.BARRIER, t, group);
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
            return;
        }
        Kind kind = write ? Kind.WRITE_RANGE : Kind.READ_RANGE;
        int pattern = rnd.nextInt(4);
        if (pattern == 0) {                                     // random, several strides, partly out of bounds
            int begin = rnd.nextInt(n + 4) - 3;
            ops.add(new Op(kind, t, x, begin, begin + rnd.nextInt(n + 4), STRIDES[rnd.nextInt(STRIDES.length)]));
        } else if (pattern == 1) {                              // interleaved partition: t, t+k, t+2k, ..
            int k = 2 + rnd.nextInt(3);
            int begin = (t + shift) % k + (rnd.nextInt(4) == 0 ? k * rnd.nextInt(3) : 0);
            ops.add(new Op(kind, t, x, begin, n - (rnd.nextInt(4) == 0 ? rnd.nextInt(n) : 0), k));
        } else if (pattern == 2) {                              // block partition among the threads, strided at times
            int lo = n * t / THREADS;
            ops.add(new Op(kind, t, x, lo, n * (t + 1) / THREADS, rnd.nextInt(3) == 0 ? 2 : 1));
        } else {
            triangular(t, x, kind);
        }
    }

    /**
     * A triangular step: a suffix [j, n), whole or split by thread parity, or a matrix row right of column j; or a
     * pivot step: the swap of j and a row l >= j (a read of l, writes of l and j), then the suffix [j+1, n).
     */
    private void triangular(int t, int x, Kind kind) {
        int n = lengths[x];
        int j = step[x];
        if (x == MATRIX) {
            int row = rnd.nextInt(3) == 0 ? j : j + rnd.nextInt(width - j);     // the pivot row, or one below it
            ops.add(new Op(kind, t, x, row * width + j, (row + 1) * width, 1));
        } else {
            int from = j;
            if (rnd.nextBoolean()) {                            // a pivot step
                int l = j + rnd.nextInt(n - j);
                ops.add(new Op(Kind.READ, t, x, l, l + 1, 1));
                ops.add(new Op(Kind.WRITE, t, x, l, l + 1, 1));
                ops.add(new Op(Kind.WRITE, t, x, j, j + 1, 1));
                from = j + 1;
            }
            if (rnd.nextBoolean()) {
                ops.add(new Op(kind, t, x, from, n, 1));
            } else {
                int mid = from + (n - from) / 2;
                ops.add(t % 2 == 0 ? new Op(kind, t, x, from, mid, 1) : new Op(kind, t, x, mid, n, 1));
            }
        }
        int steps = x == MATRIX ? width : n;
        if (rnd.nextInt(3) == 0 && j + 1 < steps) {
            step[x] = x == LONG ? Math.min(n - 1, j + 1 + rnd.nextInt(20)) : j + 1;
        }
    }

    private void add(Kind kind, int thread, int target) {
        ops.add(new Op(kind, thread, target, 0, 0, 0));
    }
}
