package bigfoot.rt;

import java.util.Arrays;

/**
 * One thread's pending array checks in {@code arrays=adaptive} runs (bigfoot.md sections 9.3 and 11): strided
 * index ranges {@code (array, first..last by stride, read or write, site)} that its element and range checks
 * added without touching any shadow, and that {@link #commit} turns into FastTrack operations before the
 * thread's clock or view changes. All of them run at one epoch and one view of the thread, so the order in which
 * they are committed does not change which locations race.
 *
 * <p>Adding merges a range into an earlier one of the same array, operation and site when their indices overlap
 * or touch with a common stride (two single indices only when adjacent, so a scattered pair never looks strided).
 *
 * <p>Only the owning thread adds, without locks; {@link #commit} is synchronized because a joiner, or the exit
 * report, commits the footprint of a thread that has ended (a thread still running at exit is committed best
 * effort, racing with its own adds).
 */
final class Footprint {

    /** Ranges held before the owner commits on its own. */
    static final int MAX_RANGES = 64;

    private final ArrayShadow[] arrays = new ArrayShadow[MAX_RANGES];
    private final int[] first = new int[MAX_RANGES];
    private final int[] last = new int[MAX_RANGES];
    private final int[] stride = new int[MAX_RANGES];
    private final boolean[] write = new boolean[MAX_RANGES];
    private final int[] site = new int[MAX_RANGES];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    /** Adds a check of {@code a[first..last by stride]} (in bounds; stride 1 if first == last); true if now full. */
    boolean add(ArrayShadow a, int f, int l, int s, boolean w, int from) {
        for (int k = size - 1; k >= 0; k--) {
            if (arrays[k] == a && write[k] == w && site[k] == from && merge(k, f, l, s)) {
                return false;
            }
        }
        arrays[size] = a;
        first[size] = f;
        last[size] = l;
        stride[size] = s;
        write[size] = w;
        site[size] = from;
        size++;
        return size == MAX_RANGES;
    }

    private boolean merge(int k, int f, int l, int s) {
        int kf = first[k];
        int kl = last[k];
        int step;
        if (kf == kl && f == l) {
            step = 1;
        } else if (kf == kl) {
            step = s;
        } else if (f == l || s == stride[k]) {
            step = stride[k];
        } else {
            return false;
        }
        if (((long) f - kf) % step != 0 || (long) f > (long) kl + step || (long) kf > (long) l + step) {
            return false;
        }
        first[k] = Math.min(kf, f);
        last[k] = Math.max(kl, l);
        stride[k] = step;
        return true;
    }

    /**
     * Runs every pending check as thread {@code st} (the owner, or a thread that has ended) and empties the
     * footprint. WRITES SUBSUME READS: writes go first, and a read range whose every index one write range of the
     * same array covers is dropped (the write races with whatever the read would have; it is reported at the
     * write's site). A partly covered read is committed whole: after the write at the same epoch it cannot race.
     */
    synchronized void commit(FastTrack ft, ThreadState st) {
        int n = size;
        for (int k = 0; k < n; k++) {
            if (write[k]) {
                arrays[k].apply(ft, st, first[k], last[k], stride[k], true, site[k]);
            }
        }
        for (int k = 0; k < n; k++) {
            if (!write[k] && !coveredByWrite(k, n)) {
                arrays[k].apply(ft, st, first[k], last[k], stride[k], false, site[k]);
            }
        }
        Arrays.fill(arrays, 0, n, null);
        size = 0;
    }

    private boolean coveredByWrite(int k, int n) {
        for (int j = 0; j < n; j++) {
            if (write[j] && arrays[j] == arrays[k] && first[j] <= first[k] && last[k] <= last[j]
                    && (first[k] - first[j]) % stride[j] == 0
                    && (first[k] == last[k] || stride[k] % stride[j] == 0)) {
                return true;
            }
        }
        return false;
    }
}
