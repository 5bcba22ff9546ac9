package bigfoot.rt.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * DJIT+ (Pozniansky and Schuster; the baseline of "FastTrack: Efficient and Precise Dynamic Race Detection", section 2
 * and Table 1): a full vector clock per thread and lock, and per variable one of its reads and one of its writes.
 * Precise: a race is reported at an access exactly when an earlier conflicting access is concurrent with it.
 */
public final class Djit implements Detector {

    private final Races races;
    private final List<int[]> threads = new ArrayList<>();
    private final List<int[]> locks = new ArrayList<>();
    /** Per variable: R and W, and per thread the events of its last read and write. */
    private final List<int[][]> variables = new ArrayList<>();

    public Djit(Races races) {
        this.races = races;
    }

    @Override
    public void access(int t, int x, boolean write, int event) {
        int[] c = clock(t);
        int[][] v = variable(x);
        int[] r = v[0];
        int[] w = v[1];
        if (write ? at(w, t) == c[t] : at(r, t) == c[t]) {
            return;                                                      // same epoch: nothing new
        }
        int writer = firstNotBefore(w, c);
        if (writer >= 0) {                                               // WRITE-WRITE / WRITE-READ RACE
            races.race(write ? "write-write" : "write-read", x, at(v[3], writer), event);
        }
        if (write) {
            int reader = firstNotBefore(r, c);
            if (reader >= 0) {                                           // READ-WRITE RACE
                races.race("read-write", x, at(v[2], reader), event);
            }
            v[1] = set(w, t, c[t]);
            v[3] = set(v[3], t, event);
        } else {
            v[0] = set(r, t, c[t]);
            v[2] = set(v[2], t, event);
        }
    }

    @Override
    public void acquire(int t, int m) {
        threads.set(t, join(clock(t), lock(m)));                         // C_t := C_t ⊔ L_m
    }

    @Override
    public void release(int t, int m) {
        int[] c = clock(t);
        lock(m);
        locks.set(m, c.clone());                                         // L_m := C_t
        c[t]++;
    }

    @Override
    public void fork(int t, int u) {
        int[] c = clock(t);
        threads.set(u, join(clock(u), c));                               // C_u := C_u ⊔ C_t
        c[t]++;
    }

    @Override
    public void join(int t, int u) {
        threads.set(t, join(clock(t), clock(u)));                        // C_t := C_t ⊔ C_u
        clock(u)[u]++;
    }

    private int[] clock(int t) {
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
    private static int[] join(int[] a, int[] b) {
        int[] out = a.length >= b.length ? a : Arrays.copyOf(a, b.length);
        for (int i = 0; i < b.length; i++) {
            out[i] = Math.max(out[i], b[i]);
        }
        return out;
    }

    /** The first thread whose entry of {@code vc} is not below or at its entry of {@code c} (vc ⋢ c there), or -1. */
    private static int firstNotBefore(int[] vc, int[] c) {
        for (int i = 0; i < vc.length; i++) {
            if (vc[i] > at(c, i)) {
                return i;
            }
        }
        return -1;
    }
}
