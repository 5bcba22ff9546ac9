package bigfoot.rt;

import java.util.Arrays;

/**
 * Disjoint segments {@code [start, next start)} covering {@code [0, length)}, each with a representation object,
 * kept sorted by start in a list of chunks of at most {@value #CHUNK} segments (a one-level B+-tree): finding the
 * segment of an index is two binary searches, O(log segments); inserting or removing a boundary moves at most
 * {@value #CHUNK} entries, plus, once per {@value #CHUNK}/2 insertions, the chunk table.
 *
 * <p>Positions ({@code long}: chunk in the high half, slot in the low half) stay valid until the next insert or
 * remove. Not thread-safe: {@link ArrayShadow} uses it under its monitor.
 */
final class Segments {

    static final int CHUNK = 64;

    private static final class Chunk {
        int[] starts;
        Object[] reps;
        int size;

        Chunk(int capacity) {
            starts = new int[capacity];
            reps = new Object[capacity];
        }
    }

    private final int length;
    private Chunk[] chunks;
    /** The start of each chunk's first segment. */
    private int[] chunkStarts;
    private int chunkCount;
    private int count;

    /** One segment {@code [0, length)} with representation {@code rep}. */
    Segments(int length, Object rep) {
        this.length = length;
        Chunk c = new Chunk(2);
        c.starts[0] = 0;
        c.reps[0] = rep;
        c.size = 1;
        chunks = new Chunk[] {c};
        chunkStarts = new int[] {0};
        chunkCount = 1;
        count = 1;
    }

    int count() {
        return count;
    }

    /** The position of the segment holding index {@code x} (0 <= x < length). */
    long locate(int x) {
        int c = Arrays.binarySearch(chunkStarts, 0, chunkCount, x);
        c = c >= 0 ? c : -c - 2;
        Chunk k = chunks[c];
        int s = Arrays.binarySearch(k.starts, 0, k.size, x);
        return pos(c, s >= 0 ? s : -s - 2);
    }

    int start(long p) {
        return chunk(p).starts[slot(p)];
    }

    /** The exclusive end of segment p: the next segment's start, or the length. */
    int end(long p) {
        Chunk k = chunk(p);
        int s = slot(p);
        if (s + 1 < k.size) {
            return k.starts[s + 1];
        }
        int c = chunkOf(p);
        return c + 1 < chunkCount ? chunkStarts[c + 1] : length;
    }

    Object rep(long p) {
        return chunk(p).reps[slot(p)];
    }

    void setRep(long p, Object rep) {
        chunk(p).reps[slot(p)] = rep;
    }

    /** The segment after p, or -1 if p ends at the length. */
    long next(long p) {
        int c = chunkOf(p);
        int s = slot(p);
        if (s + 1 < chunks[c].size) {
            return pos(c, s + 1);
        }
        return c + 1 < chunkCount ? pos(c + 1, 0) : -1;
    }

    /** The segment before p, or -1 if p starts at 0. */
    long previous(long p) {
        int c = chunkOf(p);
        int s = slot(p);
        if (s > 0) {
            return pos(c, s - 1);
        }
        return c > 0 ? pos(c - 1, chunks[c - 1].size - 1) : -1;
    }

    /** Splits segment p at {@code x} (start(p) < x < end(p)); the upper part gets {@code upper}. Returns its position. */
    long insertAfter(long p, int x, Object upper) {
        int c = chunkOf(p);
        int s = slot(p) + 1;
        Chunk k = chunks[c];
        if (k.size == CHUNK) {
            splitChunk(c);
            if (s > k.size) {
                s -= k.size;
                c++;
                k = chunks[c];
            }
        } else if (k.size == k.starts.length) {
            int capacity = Math.min(CHUNK, k.size * 2);
            k.starts = Arrays.copyOf(k.starts, capacity);
            k.reps = Arrays.copyOf(k.reps, capacity);
        }
        System.arraycopy(k.starts, s, k.starts, s + 1, k.size - s);
        System.arraycopy(k.reps, s, k.reps, s + 1, k.size - s);
        k.starts[s] = x;
        k.reps[s] = upper;
        k.size++;
        count++;
        return pos(c, s);
    }

    /** Removes the boundary at the start of segment p (not the first): the previous segment now extends over p. */
    void removeBoundary(long p) {
        int c = chunkOf(p);
        int s = slot(p);
        Chunk k = chunks[c];
        System.arraycopy(k.starts, s + 1, k.starts, s, k.size - s - 1);
        System.arraycopy(k.reps, s + 1, k.reps, s, k.size - s - 1);
        k.size--;
        k.reps[k.size] = null;
        count--;
        if (k.size == 0) {
            System.arraycopy(chunks, c + 1, chunks, c, chunkCount - c - 1);
            System.arraycopy(chunkStarts, c + 1, chunkStarts, c, chunkCount - c - 1);
            chunkCount--;
            chunks[chunkCount] = null;
        } else if (s == 0) {
            chunkStarts[c] = k.starts[0];
        }
    }

    /** Moves the upper half of full chunk c into a new chunk after it. */
    private void splitChunk(int c) {
        Chunk k = chunks[c];
        int half = k.size / 2;
        Chunk upper = new Chunk(CHUNK);
        upper.size = k.size - half;
        System.arraycopy(k.starts, half, upper.starts, 0, upper.size);
        System.arraycopy(k.reps, half, upper.reps, 0, upper.size);
        Arrays.fill(k.reps, half, k.size, null);
        k.size = half;
        if (chunkCount == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunkCount * 2);
            chunkStarts = Arrays.copyOf(chunkStarts, chunkCount * 2);
        }
        System.arraycopy(chunks, c + 1, chunks, c + 2, chunkCount - c - 1);
        System.arraycopy(chunkStarts, c + 1, chunkStarts, c + 2, chunkCount - c - 1);
        chunks[c + 1] = upper;
        chunkStarts[c + 1] = upper.starts[0];
        chunkCount++;
    }

    private Chunk chunk(long p) {
        return chunks[chunkOf(p)];
    }

    private static long pos(int chunk, int slot) {
        return ((long) chunk << 32) | slot;
    }

    private static int chunkOf(long p) {
        return (int) (p >>> 32);
    }

    private static int slot(long p) {
        return (int) p;
    }
}
