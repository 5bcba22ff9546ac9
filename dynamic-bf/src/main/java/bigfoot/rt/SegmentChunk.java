package bigfoot.rt;

/** Up to {@value Segments#CHUNK} consecutive segments of {@link Segments}: their starts and representations, in order. */
class SegmentChunk {
    int[] starts;
    Object[] reps;
    int size;

    SegmentChunk(int capacity) {
        starts = new int[capacity];
        reps = new Object[capacity];
    }
}
