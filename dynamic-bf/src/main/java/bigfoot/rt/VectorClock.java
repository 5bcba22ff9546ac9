package bigfoot.rt;

import java.util.Arrays;

/**
 * A vector clock of epochs: entry i is always an epoch of thread i (FT2's well-formedness), and an
 * entry past the end of the array reads as {@code i@0}.
 *
 * <p>The array is reached through a volatile reference and grows by copy-then-publish (allocate, fill,
 * then assign the reference), so a thread reading without the owner's lock never sees a half-filled
 * array. Who may write which entry is the caller's discipline (fasttrack2.md section 9).
 */
class VectorClock {

    private static final long[] EMPTY = new long[0];

    private volatile long[] clocks = EMPTY;

    VectorClock() {
    }

    /** The epoch of thread {@code tid}; {@code tid@0} if never set. */
    final long get(int tid) {
        long[] c = clocks;
        return tid < c.length ? c[tid] : Epoch.make(tid, 0);
    }

    final void set(int tid, long epoch) {
        long[] c = clocks;
        if (tid < c.length) {
            c[tid] = epoch;
        } else {
            long[] grown = grownCopy(c, tid + 1);
            grown[tid] = epoch;
            clocks = grown;
        }
    }

    /** Makes room for the entries below {@code length} in one array (not growing by steps). */
    final void reserve(int length) {
        long[] c = clocks;
        if (length > c.length) {
            clocks = grownCopy(c, length);
        }
    }

    /** The number of entries that may differ from {@code i@0}. */
    final int size() {
        return clocks.length;
    }

    /** This := this ⊔ other (pointwise max). */
    final void joinFrom(VectorClock other) {
        long[] o = other.clocks;
        long[] c = clocks;
        if (o.length > c.length) {
            // Grow to exactly other's length: growth slack here would compound when two threads keep
            // joining each other's clocks through a lock (each round trip would grow both by half).
            long[] grown = o.clone();
            for (int i = 0; i < c.length; i++) {
                grown[i] = Math.max(c[i], o[i]);
            }
            clocks = grown;
            return;
        }
        for (int i = 0; i < o.length; i++) {
            if (o[i] > c[i]) {
                c[i] = o[i];
            }
        }
    }

    /** This := other (a copy); reuses this clock's array when it is large enough. */
    final void copyFrom(VectorClock other) {
        long[] o = other.clocks;
        long[] c = clocks;
        if (o.length > c.length) {
            clocks = o.clone();
            return;
        }
        System.arraycopy(o, 0, c, 0, o.length);
        for (int i = o.length; i < c.length; i++) {
            c[i] = Epoch.make(i, 0);
        }
    }

    /** The first tid whose entry here is not ⪯ the same entry of {@code other}, or -1 if this ⊑ other. */
    final int firstNotLeq(VectorClock other) {
        long[] c = clocks;
        for (int i = 0; i < c.length; i++) {
            if (c[i] > other.get(i)) {
                return i;
            }
        }
        return -1;
    }

    /** True if every entry equals {@code other}'s (entries past either array read as {@code i@0}). */
    final boolean sameAs(VectorClock other) {
        int n = Math.max(clocks.length, other.clocks.length);
        for (int i = 0; i < n; i++) {
            if (get(i) != other.get(i)) {
                return false;
            }
        }
        return true;
    }

    /** A fresh clock equal to this one. */
    final VectorClock snapshot() {
        VectorClock copy = new VectorClock();
        copy.clocks = clocks.clone();
        return copy;
    }

    private static long[] grownCopy(long[] c, int minLength) {
        long[] grown = Arrays.copyOf(c, Math.max(minLength, c.length + (c.length >> 1) + 1));
        for (int i = c.length; i < grown.length; i++) {
            grown[i] = Epoch.make(i, 0);
        }
        return grown;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        long[] c = clocks;
        for (int i = 0; i < c.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(Epoch.toString(c[i]));
        }
        return sb.append(']').toString();
    }
}
