package bigfoot.rt;

import java.util.Arrays;

/**
 * One thread's pending array checks in {@code arrays=adaptive} runs (the BigFoot dissertation, sections 3.4 and 3.5.2): strided
 * index ranges {@code (array, first..last by stride, read or write, site)} that its element and range checks
 * added without touching any shadow, and that {@link #commit} turns into FastTrack operations before the
 * thread's clock or view changes. All of them run at one epoch and one view of the thread, so the order in which
 * they are committed does not change which locations race.
 *
 * <p>Adding merges a range into an earlier one of the same array, operation and site when their indices overlap
 * or touch with a common stride (two single indices only when adjacent, so a scattered pair never looks strided),
 * trying the newest {@value #MERGE_TRIES} such ranges. A {@link FootprintIndex} finds the range's array among
 * the footprint's arrays and its merge candidates, and each array keeps a chain of its write ranges for the
 * commit: per-element patterns (scattered indices, each its own range) cost O(1) per add, and per committed
 * read O(writes to the same array). Each check added tells its array how many of its indices coalesced
 * ({@link ArrayShadow#footprintAdded}, the PER-ELEMENT rule).
 *
 * <p>COVERED: a check whose every index the array's newest write range already holds is not added: at the commit
 * a read would be dropped there (WRITES SUBSUME READS, below) and a write would take WRITE SAME EPOCH after that
 * range (moldyn's partial forces, zeroed whole, then updated at scattered indices). It counts as merged.
 *
 * <p>REPEATED: a check that merges into none of its key's newest {@value #MERGE_TRIES} ranges but lies inside an older
 * range of its key is not added either, and that range becomes the one its site's singles of that array extend
 * ({@link #extendLast}): a loop that runs again in the epoch over an increasing but gapped index sequence (sparse's
 * {@code y[row[i]]}, one range per run of rows, product after product) finds its earlier ranges again instead of
 * filling the footprint with copies of them.
 *
 * <p>SCATTERED: a single that merges into none of its key's newest {@value #MERGE_TRIES} ranges, all of them
 * singles, starts an {@link IndexBitmap} for its key (at most {@value #MAX_BITMAPS}, arrays of at most
 * {@value #BITMAP_MAX_LENGTH} elements), which takes the key's later singles: a repeated index (sparse's
 * {@code x[col[i]]}, read many times in one epoch) costs a bit test, and the commit applies the bitmap's runs. The
 * key's site reaches its bitmap as it reaches a range it extends ({@link #extendLast}), without the add's search.
 * A bitmap's checks coalesce there, so they do not count towards PER-ELEMENT, and its start credits back the
 * singles that led to it.
 *
 * <p>Only the owning thread adds, without locks; {@link #commit} is synchronized because a joiner, or the exit
 * report, commits the footprint of a thread that has ended (a thread still running at exit is committed best
 * effort, racing with its own adds).
 */
final class Footprint {

    /** Ranges held before the owner commits on its own. */
    static final int MAX_RANGES = 64;
    /** Same-key ranges (newest first) an add tries to merge into. */
    static final int MERGE_TRIES = 8;

    /** Bitmaps a footprint holds at most, and the longest array that gets one (128 KB of bits). */
    static final int MAX_BITMAPS = 4;
    static final int BITMAP_MAX_LENGTH = 1 << 20;

    /** The ranges, in the order added: {@code shadows[arrayOf[k]][first[k]..last[k] by stride[k]]}. */
    private final int[] arrayOf = new int[MAX_RANGES];
    private final int[] first = new int[MAX_RANGES];
    private final int[] last = new int[MAX_RANGES];
    private final int[] stride = new int[MAX_RANGES];
    private final boolean[] write = new boolean[MAX_RANGES];
    private final int[] site = new int[MAX_RANGES];
    /** The previous range of the same array, operation and site, or -1. */
    private final int[] sameKey = new int[MAX_RANGES];
    /** For a write: the previous write range of the same array, or -1. */
    private final int[] previousWrite = new int[MAX_RANGES];
    private int size;

    /** The arrays of the ranges, each once, and per array its newest write range (or -1). */
    private final ArrayShadow[] shadows = new ArrayShadow[MAX_RANGES];
    private final int[] newestWrite = new int[MAX_RANGES];
    private int shadowCount;
    /**
     * The arrays of recent adds and their numbers (replaced in turn), so runs of adds to one array, or
     * alternating between two (a[i] op= b[i]), skip the index.
     */
    private ArrayShadow recent0;
    private ArrayShadow recent1;
    private int recentArray0;
    private int recentArray1;
    private boolean replace1;
    /**
     * Array ids (tagged with the sign bit) to array numbers, and merge keys (array number, site, operation) to
     * their newest range.
     */
    private final FootprintIndex index = new FootprintIndex();
    /**
     * Per site (its low bits): the range added last from such a site. When its key is the add's, it is that key's
     * newest range, found without the index (loops checking a few sites in turn).
     */
    private final int[] lastBySite = new int[SITE_SHORTCUTS];
    private static final int SITE_SHORTCUTS = 16;
    /**
     * By site and array (hashed): the range a single of that array from that site tries to extend
     * ({@link #extendLast}), or the complement of its SCATTERED key's bitmap. One probe, whatever other arrays the
     * site checks in between: xalan's DTM appends each node to five vectors through one {@code addElement}, lucene's
     * segment merger writes frequencies and positions through one {@code writeByte}.
     */
    private final int[] extendBy = new int[EXTEND_SLOTS];
    private static final int EXTEND_SLOTS = 256;

    /** SCATTERED keys' bitmaps (kept for reuse after a commit) and their array numbers, operations and sites. */
    private final IndexBitmap[] bitmaps = new IndexBitmap[MAX_BITMAPS];
    private final int[] bitmapArray = new int[MAX_BITMAPS];
    private final boolean[] bitmapWrite = new boolean[MAX_BITMAPS];
    private final int[] bitmapSite = new int[MAX_BITMAPS];
    private int bitmapCount;

    boolean isEmpty() {
        return size == 0 && bitmapCount == 0;
    }

    /**
     * EXTEND: a check of the single index {@code a[i]} inside or just past the range of {@code a} last added (or found
     * REPEATED) from its site, of the same operation, extends that range, as {@link #add} would merge it: the
     * {@code buf[pos++]} of a reader or writer called once per element, whatever other arrays its callers touch in
     * between, and an index checked again ({@code y[row[i]]} over a row's non-zeros). True if it did; small enough to
     * be inlined into the check, where {@link #add} is not.
     */
    boolean extendLast(ArrayShadow a, int i, boolean w, int from) {
        int k = extendBy[extendSlot(a, from)];
        if (k < 0) {
            return addToBitmap(~k, a, i, w, from);
        }
        int l = last[k];
        if (k >= size || i > l + 1 || i < first[k] || stride[k] != 1 || site[k] != from || write[k] != w
                || shadows[arrayOf[k]] != a) {
            return false;
        }
        last[k] = Math.max(l, i);
        a.footprintAdded(1);
        return true;
    }

    /** Adds a check of {@code a[first..last by stride]} (in bounds; stride 1 if first == last); true if now full. */
    boolean add(ArrayShadow a, int f, int l, int s, boolean w, int from) {
        int x = a == recent0 ? recentArray0 : a == recent1 ? recentArray1 : arrayNumber(a);
        if (f == l) {
            for (int b = 0; b < bitmapCount; b++) {
                if (bitmapArray[b] == x && bitmapSite[b] == from && bitmapWrite[b] == w) {
                    bitmaps[b].add(f);
                    extendBy[extendSlot(a, from)] = ~b;
                    return false;
                }
            }
        }
        long key = (long) x << 32 | ((from << 1 | (w ? 1 : 0)) & 0xffffffffL);
        int shortcut = from & (SITE_SHORTCUTS - 1);
        int c = lastBySite[shortcut];
        int slot = -1;
        int newest;
        if (c < size && arrayOf[c] == x && site[c] == from && write[c] == w) {
            newest = c;
        } else {
            slot = index.slot(key);
            newest = index.value(slot);
        }
        int coalesced = (l - f) / s;                            // a range's indices past its first
        int cover = newestWrite[x];
        if (cover >= 0 && covers(cover, f, l, s)) {            // COVERED
            a.footprintAdded(f == l ? 1 : coalesced);
            return false;
        }
        int singlesTried = 0;
        int k = newest;
        for (int tries = 0; k >= 0 && tries < MERGE_TRIES; k = sameKey[k], tries++) {
            if (merge(k, f, l, s)) {
                extendBy[extendSlot(a, from)] = k;
                a.footprintAdded(f == l ? 1 : coalesced);
                return false;
            }
            singlesTried += first[k] == last[k] ? 1 : 0;
        }
        for (; k >= 0; k = sameKey[k]) {                       // REPEATED
            if (covers(k, f, l, s)) {
                extendBy[extendSlot(a, from)] = k;
                a.footprintAdded(f == l ? 1 : coalesced);
                return false;
            }
        }
        if (f == l && singlesTried == MERGE_TRIES && bitmapCount < MAX_BITMAPS && a.length() <= BITMAP_MAX_LENGTH) {
            startBitmap(a, x, f, w, from);                      // SCATTERED
            return false;
        }
        a.footprintAdded(a.isShort(f, l, s) ? 0 : coalesced);       // PER-ELEMENT: a short check merged into nothing
        int n = size;
        arrayOf[n] = x;
        first[n] = f;
        last[n] = l;
        stride[n] = s;
        write[n] = w;
        site[n] = from;
        sameKey[n] = newest;
        index.set(slot >= 0 ? slot : index.slot(key), key, n);
        lastBySite[shortcut] = n;
        extendBy[extendSlot(a, from)] = n;
        if (w) {
            previousWrite[n] = newestWrite[x];
            newestWrite[x] = n;
        }
        size = n + 1;
        return size == MAX_RANGES;
    }

    /** Sites of one loop, and arrays made one after another, are numbered in turn: their low bits tell them apart. */
    private static int extendSlot(ArrayShadow a, int from) {
        return (from ^ (int) a.id << 4) & (EXTEND_SLOTS - 1);
    }

    /** A single of {@code a} from its site taken by bitmap {@code b} if that is its key's (a SCATTERED extend). */
    private boolean addToBitmap(int b, ArrayShadow a, int i, boolean w, int from) {
        if (b >= bitmapCount || bitmapSite[b] != from || bitmapWrite[b] != w || shadows[bitmapArray[b]] != a) {
            return false;
        }
        bitmaps[b].add(i);
        return true;
    }

    private void startBitmap(ArrayShadow a, int x, int index, boolean w, int from) {
        int b = bitmapCount++;
        if (bitmaps[b] == null) {
            bitmaps[b] = new IndexBitmap();
        }
        bitmaps[b].reset(a.length());
        bitmaps[b].add(index);
        bitmapArray[b] = x;
        bitmapWrite[b] = w;
        bitmapSite[b] = from;
        extendBy[extendSlot(a, from)] = ~b;
        a.footprintAdded(MERGE_TRIES);                          // the singles that led here now coalesce
    }

    /** The number of array {@code a} in this footprint, given it a new one if it has none. */
    private int arrayNumber(ArrayShadow a) {
        long key = Long.MIN_VALUE | a.id;
        int slot = index.slot(key);
        int x = index.value(slot);
        if (x < 0) {
            x = shadowCount++;
            shadows[x] = a;
            newestWrite[x] = -1;
            index.set(slot, key, x);
        }
        if (replace1) {
            recent1 = a;
            recentArray1 = x;
        } else {
            recent0 = a;
            recentArray0 = x;
        }
        replace1 = !replace1;
        return x;
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
        if ((long) f > (long) kl + step || (long) kf > (long) l + step || (step > 1 && ((long) f - kf) % step != 0)) {
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
     * RANGES BEFORE SINGLES: among the writes, and among the reads, multi-index ranges go before single indices,
     * so a single inside a range of the same operation takes FastTrack's same-epoch rule (it is reported at the
     * range's site) and leaves an adaptive shadow uncut: lufact's pivot swap {@code col[l]} inside the updated
     * suffix {@code col[k+1..n)}. Any order gives the same raced locations (see the class comment); fine and
     * adaptive shadows see the same order.
     */
    synchronized void commit(FastTrack ft, ThreadState st) {
        int n = size;
        for (int pass = 0; pass < 4; pass++) {
            boolean writes = pass < 2;
            boolean ranges = pass % 2 == 0;
            for (int k = 0; k < n; k++) {
                if (write[k] == writes && (first[k] != last[k]) == ranges && (writes || !coveredByWrite(k))) {
                    shadows[arrayOf[k]].apply(ft, st, first[k], last[k], stride[k], writes, site[k]);
                }
            }
            for (int b = 0; b < bitmapCount && !ranges; b++) {
                if (bitmapWrite[b] == writes) {                 // a bitmap holds singles: after the ranges
                    applyRuns(ft, st, b);
                }
            }
        }
        bitmapCount = 0;
        Arrays.fill(shadows, 0, shadowCount, null);
        shadowCount = 0;
        recent0 = null;
        recent1 = null;
        index.clear();
        size = 0;
    }

    /** Applies each run of adjacent indices of bitmap {@code b} as one range. */
    private void applyRuns(FastTrack ft, ThreadState st, int b) {
        IndexBitmap bits = bitmaps[b];
        ArrayShadow a = shadows[bitmapArray[b]];
        for (int i = bits.nextSet(0); i >= 0; ) {
            int end = bits.nextClear(i);
            a.apply(ft, st, i, end - 1, 1, bitmapWrite[b], bitmapSite[b]);
            i = bits.nextSet(end);
        }
    }

    private boolean coveredByWrite(int k) {
        for (int j = newestWrite[arrayOf[k]]; j >= 0; j = previousWrite[j]) {
            if (covers(j, first[k], last[k], stride[k])) {
                return true;
            }
        }
        return false;
    }

    /**
     * True if range {@code j} holds every index of {@code f..l by s}. A range of stride 1 (nearly all) takes no
     * division: it runs on every add (COVERED) and for every read at a commit.
     */
    private boolean covers(int j, int f, int l, int s) {
        int t = stride[j];
        return first[j] <= f && l <= last[j] && (t == 1 || (f - first[j]) % t == 0 && (f == l || s % t == 0));
    }
}
