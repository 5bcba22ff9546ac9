package bigfoot.rt;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * Disjoint segments {@code [start, next start)} covering {@code [0, length)}, each with a representation object,
 * kept sorted by start in a list of chunks of at most {@value #CHUNK} segments (a one-level B+-tree): finding the
 * segment of an index is two binary searches, O(log segments); inserting or removing a boundary moves at most
 * {@value #CHUNK} entries, plus, once per {@value #CHUNK}/2 insertions, the chunk table.
 *
 * <p>Positions ({@code long}: chunk in the high half, slot in the low half) stay valid until the next insert or
 * remove. Not thread-safe: {@link ArrayShadow} uses it under its monitor.
 *
 * <p>Most adaptive shadows that are cut at all keep a few segments (xalan: 149,781 cut shadows, 45% of them never
 * past 2 segments, 4% past 32), so this object is the first chunk itself (chunk 0 always holds segment 0, so it is
 * never removed), and the chunk table is made at the first chunk split: a cut shadow's table costs this object and
 * its two arrays. The bytes of every object and array it makes (these, chunks, their tables, and what they grow
 * into) count as shadow memory made, with the states they hold.
 */
final class Segments extends SegmentChunk {

    static final int CHUNK = 64;

    /** This object's size, with compressed references: a header and nine ints or references (a class histogram). */
    private static final int BYTES = 48;
    /** A chunk's size, without its arrays. */
    private static final int CHUNK_BYTES = 24;
    /** The first capacity: the first cut of a range inside the array makes three segments. */
    private static final int FIRST_CAPACITY = 4;

    private final int length;
    /** Every chunk, in order, once there have been two; null before (this is the only one). */
    private SegmentChunk[] chunks;
    /** The start of each chunk's first segment, with {@link #chunks}. */
    private int[] chunkStarts;
    private int chunkCount;
    private int count;
    private final LongAdder made;

    /** One segment {@code [0, length)} with representation {@code rep}; the memory it makes is added to {@code made}. */
    Segments(int length, Object rep, LongAdder made) {
        super(FIRST_CAPACITY);
        this.length = length;
        this.made = made;
        made.add(BYTES + 2 * ArrayShadow.arrayBytes(FIRST_CAPACITY));
        starts[0] = 0;
        reps[0] = rep;
        size = 1;
        chunkCount = 1;
        count = 1;
    }

    int count() {
        return count;
    }

    /** The position of the segment holding index {@code x} (0 <= x < length). */
    long locate(int x) {
        int c = 0;
        if (chunkCount > 1) {
            c = Arrays.binarySearch(chunkStarts, 0, chunkCount, x);
            c = c >= 0 ? c : -c - 2;
        }
        SegmentChunk k = chunk(c);
        int s = Arrays.binarySearch(k.starts, 0, k.size, x);
        return pos(c, s >= 0 ? s : -s - 2);
    }

    int start(long p) {
        return chunk(p).starts[slot(p)];
    }

    /** The exclusive end of segment p: the next segment's start, or the length. */
    int end(long p) {
        SegmentChunk k = chunk(p);
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
        if (s + 1 < chunk(c).size) {
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
        return c > 0 ? pos(c - 1, chunk(c - 1).size - 1) : -1;
    }

    /** Splits segment p at {@code x} (start(p) < x < end(p)); the upper part gets {@code upper}. Returns its position. */
    long insertAfter(long p, int x, Object upper) {
        int c = chunkOf(p);
        int s = slot(p) + 1;
        SegmentChunk k = chunk(c);
        if (k.size == CHUNK) {
            // APPEND: past the end of a full chunk (a suffix cut step after step: lufact's columns) the segment
            // starts a new chunk and the full one stays full; inside one, the chunk splits in half
            int keep = s == CHUNK ? CHUNK : CHUNK / 2;
            splitChunk(c, keep);
            if (s > keep || keep == CHUNK) {
                s -= keep;
                c++;
                k = chunk(c);
            }
        } else if (k.size == k.starts.length) {
            int capacity = Math.min(CHUNK, k.size * 2);
            made.add(2 * ArrayShadow.arrayBytes(capacity));
            k.starts = Arrays.copyOf(k.starts, capacity);
            k.reps = Arrays.copyOf(k.reps, capacity);
        }
        System.arraycopy(k.starts, s, k.starts, s + 1, k.size - s);
        System.arraycopy(k.reps, s, k.reps, s + 1, k.size - s);
        k.starts[s] = x;
        k.reps[s] = upper;
        k.size++;
        count++;
        if (s == 0) {                                           // the first of a new chunk (never chunk 0)
            chunkStarts[c] = x;
        }
        return pos(c, s);
    }

    /** Removes the boundary at the start of segment p (not the first): the previous segment now extends over p. */
    void removeBoundary(long p) {
        int c = chunkOf(p);
        int s = slot(p);
        SegmentChunk k = chunk(c);
        System.arraycopy(k.starts, s + 1, k.starts, s, k.size - s - 1);
        System.arraycopy(k.reps, s + 1, k.reps, s, k.size - s - 1);
        k.size--;
        k.reps[k.size] = null;
        count--;
        if (k.size == 0) {                                      // never chunk 0: it holds segment 0
            System.arraycopy(chunks, c + 1, chunks, c, chunkCount - c - 1);
            System.arraycopy(chunkStarts, c + 1, chunkStarts, c, chunkCount - c - 1);
            chunkCount--;
            chunks[chunkCount] = null;
        } else if (s == 0) {
            chunkStarts[c] = k.starts[0];
        }
    }

    /**
     * Moves the segments of full chunk c past its first {@code keep} into a new chunk after it (none when keep is
     * the chunk's size: the new chunk starts empty, and its start is set by the insert that follows), making the
     * chunk table at the first split.
     */
    private void splitChunk(int c, int keep) {
        if (chunks == null) {
            made.add(2 * ArrayShadow.arrayBytes(2));
            chunks = new SegmentChunk[] {this, null};
            chunkStarts = new int[2];
        }
        SegmentChunk k = chunk(c);
        SegmentChunk upper = new SegmentChunk(CHUNK);
        made.add(CHUNK_BYTES + 2 * ArrayShadow.arrayBytes(CHUNK));
        upper.size = k.size - keep;
        System.arraycopy(k.starts, keep, upper.starts, 0, upper.size);
        System.arraycopy(k.reps, keep, upper.reps, 0, upper.size);
        Arrays.fill(k.reps, keep, k.size, null);
        k.size = keep;
        if (chunkCount == chunks.length) {
            made.add(2 * ArrayShadow.arrayBytes(chunkCount * 2));
            chunks = Arrays.copyOf(chunks, chunkCount * 2);
            chunkStarts = Arrays.copyOf(chunkStarts, chunkCount * 2);
        }
        System.arraycopy(chunks, c + 1, chunks, c + 2, chunkCount - c - 1);
        System.arraycopy(chunkStarts, c + 1, chunkStarts, c + 2, chunkCount - c - 1);
        chunks[c + 1] = upper;
        chunkStarts[c + 1] = upper.starts[0];
        chunkCount++;
    }

    /**
     * The bytes a table has made by the time it first holds {@code n} segments (at most {@value #CHUNK}, so one
     * chunk): this object, its first arrays, and each pair they grew into.
     */
    static long bytesToHold(int n) {
        long bytes = BYTES + 2 * ArrayShadow.arrayBytes(FIRST_CAPACITY);
        for (int capacity = FIRST_CAPACITY; capacity < n; ) {
            capacity = Math.min(CHUNK, capacity * 2);
            bytes += 2 * ArrayShadow.arrayBytes(capacity);
        }
        return bytes;
    }

    private SegmentChunk chunk(long p) {
        return chunk(chunkOf(p));
    }

    private SegmentChunk chunk(int c) {
        return c == 0 ? this : chunks[c];
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
