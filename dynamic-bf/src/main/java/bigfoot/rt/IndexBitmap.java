package bigfoot.rt;

import java.util.Arrays;

/**
 * A set of indices of one array, one bit per index: the single-index checks of one (array, operation, site) that
 * a {@link Footprint} found scattered (sparse's {@code x[col[i]]}), so that a repeated index costs a bit test, the
 * set costs one bit per element however many checks it takes, and its commit applies runs of adjacent indices as
 * ranges. Reused from commit to commit: only the words between the lowest and the highest set bit are cleared.
 */
final class IndexBitmap {

    private long[] words = new long[0];
    private int lowWord = Integer.MAX_VALUE;
    private int highWord = -1;

    /** Empties the set and sizes it for indices below {@code length}. */
    void reset(int length) {
        if (highWord >= lowWord) {
            Arrays.fill(words, lowWord, highWord + 1, 0L);
        }
        lowWord = Integer.MAX_VALUE;
        highWord = -1;
        int needed = (length + 63) >>> 6;
        if (words.length < needed) {
            words = new long[needed];
        }
    }

    /** Adds {@code index} (below the length of the last reset); a repeated index costs a bit test. */
    void add(int index) {
        int w = index >>> 6;
        long bit = 1L << index;
        long old = words[w];
        if ((old & bit) == 0) {
            words[w] = old | bit;
            lowWord = Math.min(lowWord, w);
            highWord = Math.max(highWord, w);
        }
    }

    /** The lowest index in the set at or above {@code from}, or -1. */
    int nextSet(int from) {
        int w = Math.max(from >>> 6, lowWord);
        if (w > highWord) {
            return -1;
        }
        long bits = words[w] & (w == from >>> 6 ? -1L << from : -1L);
        while (bits == 0) {
            if (++w > highWord) {
                return -1;
            }
            bits = words[w];
        }
        return (w << 6) + Long.numberOfTrailingZeros(bits);
    }

    /** The lowest index at or above {@code from} that is not in the set. */
    int nextClear(int from) {
        int w = from >>> 6;
        if (w > highWord) {
            return from;
        }
        long zeros = ~words[w] & (-1L << from);
        while (zeros == 0) {
            if (++w > highWord) {
                return w << 6;
            }
            zeros = ~words[w];
        }
        return (w << 6) + Long.numberOfTrailingZeros(zeros);
    }
}
