package bigfoot.rt;

/**
 * A {@link Footprint}'s lookup table: an open-addressing map from {@code long} keys to non-negative ints (the
 * footprint's array and range numbers), so adds find their array and merge candidates without scanning the
 * footprint. It holds no references (storing them in a long-lived table costs a GC barrier per store), and
 * {@link #clear} empties only the slots used.
 */
final class FootprintIndex {

    private static final int LOG_SLOTS = 8;
    /** At most twice the keys a footprint can have (an array and a merge key per range): probes stay short. */
    private static final int SLOTS = 1 << LOG_SLOTS;

    static {
        if (SLOTS < 4 * Footprint.MAX_RANGES) {
            throw new AssertionError("FootprintIndex too small for Footprint.MAX_RANGES");
        }
    }

    private final long[] keys = new long[SLOTS];
    /** -1: an empty slot. */
    private final int[] values = new int[SLOTS];
    private final int[] used = new int[SLOTS];
    private int size;

    FootprintIndex() {
        java.util.Arrays.fill(values, -1);
    }

    /** The slot holding {@code key}, or the empty slot where it would go. */
    int slot(long key) {
        int i = (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - LOG_SLOTS));      // Fibonacci hashing: the high bits
        while (values[i] >= 0 && keys[i] != key) {
            i = (i + 1) & (SLOTS - 1);
        }
        return i;
    }

    /** The value in {@code slot}, or -1 if it is empty. */
    int value(int slot) {
        return values[slot];
    }

    /** Stores {@code value} (at least 0) under {@code key} in its {@link #slot}. */
    void set(int slot, long key, int value) {
        if (values[slot] < 0) {
            keys[slot] = key;
            used[size++] = slot;
        }
        values[slot] = value;
    }

    void clear() {
        for (int k = 0; k < size; k++) {
            values[used[k]] = -1;
        }
        size = 0;
    }
}
