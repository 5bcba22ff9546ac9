package bigfoot.rt.trace;

import java.util.Arrays;

/**
 * The synchronisation rules every happens-before detector here shares ("FastTrack: Efficient and Precise Dynamic
 * Race Detection", Figure 2): a vector clock per thread, ⊥[1/t] at its first event, and per lock the clock of its
 * last release. Acquire joins the lock's clock in; release copies the thread's clock into the lock and ticks; fork
 * joins the parent's clock into the child's and ticks the parent; join joins the ended thread's clock in. A volatile
 * variable has a clock too, as in "The FastTrack2 Race Detector" (section 8): a write joins the thread's clock into it
 * and ticks, a read joins it into the thread's.
 */
abstract class ThreadClocks implements Detector {

    /** C_t, ⊥[1/t] at t's first event. */
    private final Numbered<int[]> threads = new Numbered<>(t -> set(new int[0], t, 1));
    private final Numbered<int[]> locks = new Numbered<>(m -> new int[0]);
    private final Numbered<int[]> volatiles = new Numbered<>(v -> new int[0]);

    @Override
    public final void acquire(int t, int m) {
        joinInto(t, locks.get(m));                                   // C_t := C_t ⊔ L_m
    }

    @Override
    public final void release(int t, int m) {
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

    @Override
    public final void volatileRead(int t, int v) {
        joinInto(t, volatiles.get(v));                               // C_t := C_t ⊔ L_v
    }

    @Override
    public final void volatileWrite(int t, int v) {
        volatiles.set(v, join(volatiles.get(v), clock(t)));           // L_v := L_v ⊔ C_t
        tick(t);
    }

    /** C_t: an array of at least t + 1 entries (made so, and joins only grow it). */
    final int[] clock(int t) {
        return threads.get(t);
    }

    /** C_t := C_t ⊔ other. */
    final void joinInto(int t, int[] other) {
        threads.set(t, join(clock(t), other));
    }

    /** C_t(t) := C_t(t) + 1. */
    final void tick(int t) {
        clock(t)[t]++;
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
