package bigfoot.rt.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the vector-clock detectors share (DJIT+, BasicVC, SHB): a vector clock per thread and lock, and per variable
 * the access history of "FastTrack: Efficient and Precise Dynamic Race Detection", section 2: per thread, the clock of
 * its last read and of its last write of the variable (R and W), with those events for the report. An access races
 * with the earlier accesses of the other kind its clock does not cover. Subclasses decide whether an access in the
 * same epoch as the thread's last one of its kind is skipped, and what a read and a write add to the clocks.
 */
abstract class VectorClockDetector implements Detector {

    private final Races races;
    private final List<int[]> threads = new ArrayList<>();
    private final List<int[]> locks = new ArrayList<>();
    /** Per variable: R, W, and per thread the events of its last read and last write. */
    private final List<int[][]> variables = new ArrayList<>();

    VectorClockDetector(Races races) {
        this.races = races;
    }

    /** True if a read (write) in the epoch of the thread's last read (write) of the variable is skipped. */
    abstract boolean skipsSameEpoch();

    /** After a read's check and its history update. */
    abstract void afterRead(int t, int x);

    /** After a write's check and its history update. */
    abstract void afterWrite(int t, int x);

    @Override
    public final void access(int t, int x, boolean write, int event) {
        int[] c = clock(t);
        int[][] v = variable(x);
        if (skipsSameEpoch() && at(v[write ? 1 : 0], t) == c[t]) {
            return;                                                  // READ / WRITE SAME EPOCH
        }
        int writer = firstNotCovered(v[1], c);
        if (writer >= 0) {                                           // WRITE-WRITE / WRITE-READ RACE
            races.race(write ? "write-write" : "write-read", x, at(v[3], writer), event);
        }
        if (write) {
            int reader = firstNotCovered(v[0], c);
            if (reader >= 0) {                                       // READ-WRITE RACE
                races.race("read-write", x, at(v[2], reader), event);
            }
            v[1] = set(v[1], t, c[t]);
            v[3] = set(v[3], t, event);
            afterWrite(t, x);
        } else {
            v[0] = set(v[0], t, c[t]);
            v[2] = set(v[2], t, event);
            afterRead(t, x);
        }
    }

    @Override
    public final void acquire(int t, int m) {
        joinInto(t, lock(m));                                        // C_t := C_t ⊔ L_m
    }

    @Override
    public final void release(int t, int m) {
        lock(m);
        locks.set(m, clock(t).clone());                              // L_m := C_t
        tick(t);
    }

    @Override
    public final void fork(int t, int u) {
        threads.set(u, join(clock(u), clock(t)));                    // C_u := C_u ⊔ C_t
        tick(t);
    }

    @Override
    public final void join(int t, int u) {
        joinInto(t, clock(u));                                       // C_t := C_t ⊔ C_u
    }

    /** C_t, made at t's first event as ⊥[1/t]. */
    final int[] clock(int t) {
        while (threads.size() <= t) {
            int[] c = new int[threads.size() + 1];
            c[threads.size()] = 1;
            threads.add(c);
        }
        int[] c = threads.get(t);
        if (c.length <= t) {
            c = Arrays.copyOf(c, t + 1);
            threads.set(t, c);
        }
        return c;
    }

    /** C_t := C_t ⊔ other. */
    final void joinInto(int t, int[] other) {
        threads.set(t, join(clock(t), other));
    }

    /** C_t(t) := C_t(t) + 1. */
    final void tick(int t) {
        clock(t)[t]++;
    }

    private int[] lock(int m) {
        while (locks.size() <= m) {
            locks.add(new int[0]);
        }
        return locks.get(m);
    }

    private int[][] variable(int x) {
        while (variables.size() <= x) {
            variables.add(new int[][] {new int[0], new int[0], new int[0], new int[0]});
        }
        return variables.get(x);
    }

    private static int at(int[] vc, int i) {
        return i < vc.length ? vc[i] : 0;
    }

    private static int[] set(int[] vc, int i, int value) {
        int[] out = i < vc.length ? vc : Arrays.copyOf(vc, i + 1);
        out[i] = value;
        return out;
    }

    /** a ⊔ b, in a (grown if needed). */
    static int[] join(int[] a, int[] b) {
        int[] out = a.length >= b.length ? a : Arrays.copyOf(a, b.length);
        for (int i = 0; i < b.length; i++) {
            out[i] = Math.max(out[i], b[i]);
        }
        return out;
    }

    /** The first thread whose entry of {@code vc} {@code c} does not cover (vc ⋢ c there), or -1. */
    private static int firstNotCovered(int[] vc, int[] c) {
        for (int i = 0; i < vc.length; i++) {
            if (vc[i] > at(c, i)) {
                return i;
            }
        }
        return -1;
    }
}
