package bigfoot.rt.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The synchronisation rules every happens-before detector here shares ("FastTrack: Efficient and Precise Dynamic
 * Race Detection", Figure 2): a vector clock per thread, ⊥[1/t] at its first event, and per lock the clock of its
 * last release. Acquire joins the lock's clock in; release copies the thread's clock into the lock and ticks; fork
 * joins the parent's clock into the child's and ticks the parent; join joins the ended thread's clock in.
 */
abstract class ThreadClocks implements Detector {

    private final List<int[]> threads = new ArrayList<>();
    private final List<int[]> locks = new ArrayList<>();

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
    public void join(int t, int u) {
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

    /** Entry i of {@code vc}, 0 past its end. */
    static int at(int[] vc, int i) {
        return i < vc.length ? vc[i] : 0;
    }

    /** vc with entry i set to value (grown if needed). */
    static int[] set(int[] vc, int i, int value) {
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
}
