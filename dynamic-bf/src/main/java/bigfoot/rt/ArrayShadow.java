package bigfoot.rt;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The shadow of one array (bigfoot.md section 9.3, after SlimState), in one of three representations:
 * <ul>
 * <li>COARSE: one {@link ArrayVarState} for every index (BLOCKS with a single block);</li>
 * <li>BLOCKS: contiguous index intervals {@code [starts[b], starts[b+1])}, each with its own state;</li>
 * <li>FINE: one state per element, made lazily and installed by CAS.</li>
 * </ul>
 * Shadows of {@code arrays=fine} runs start FINE; {@code arrays=adaptive} ones start COARSE and are refined by
 * committed ranges, monotonically (COARSE -> BLOCKS -> FINE, never merged back): a range covering whole blocks
 * is one FastTrack operation per block; a contiguous range is first made whole blocks by splitting at its two
 * ends (a split keeps the parent state for the lower part and gives the upper part a copy: one allocation);
 * a strided range, or a split beyond {@value #MAX_BLOCKS} blocks, makes the shadow FINE.
 *
 * <p>INVARIANT: all indices of one block always have identical FastTrack state. Every operation on a block is
 * one the range applies to all of its indices; a split gives the upper part a copy of the parent's W, R, V and
 * sites (the lower part keeps the parent), so both parts start with the history of every index they hold; a
 * FINE element starts as a copy of the block it was in (blocks are frozen once the shadow is
 * FINE, so that copy may be made lazily).
 *
 * <p>Concurrency: the block representation is read and changed only under this object's monitor (block
 * operations run under it too, so no split races with an operation); FINE is published through a volatile
 * field and never changes after, so element operations need no array-wide lock.
 */
final class ArrayShadow {

    static final int MAX_BLOCKS = 32;

    private final Class<?> type;
    private final int length;
    /** Array VarStates made (each stays in use: a split reuses its parent), for the shadow-memory count. */
    private final LongAdder allocated;
    /** BLOCKS (null for shadows born FINE): under this monitor until FINE, then frozen. */
    private int[] starts;
    private ArrayVarState[] blocks;
    private int count;
    private volatile AtomicReferenceArray<ArrayVarState> fine;

    ArrayShadow(Class<?> type, int length, boolean adaptive, LongAdder allocated) {
        this.type = type;
        this.length = length;
        this.allocated = allocated;
        if (adaptive && length > 0) {
            starts = new int[] {0};
            blocks = new ArrayVarState[] {newState(0, length, null)};
            count = 1;
        } else {
            fine = new AtomicReferenceArray<>(length);
        }
    }

    int length() {
        return length;
    }

    /** The shadow of element {@code index} (making the shadow FINE), or null if out of bounds (the access will throw). */
    VarState element(int index) {
        if (index < 0 || index >= length) {
            return null;
        }
        AtomicReferenceArray<ArrayVarState> f = fine;
        if (f == null) {
            f = makeFine();
        }
        ArrayVarState e = f.get(index);
        if (e != null) {
            return e;
        }
        ArrayVarState fresh = newState(index, index + 1, blockOf(index));
        return f.compareAndSet(index, null, fresh) ? fresh : f.get(index);
    }

    /**
     * The FastTrack read or write of every index {@code first, first+stride, .., last} (all in bounds; a single
     * index has stride 1) by {@code st}, from {@code site}, on the representation that fits (see the class comment).
     */
    void apply(FastTrack ft, ThreadState st, int first, int last, int stride, boolean write, int site) {
        if (fine == null) {
            synchronized (this) {
                if (fine == null && (stride == 1 || first == last) && splitAt(first) && splitAt(last + 1)) {
                    for (int b = blockIndex(first); b < count && starts[b] <= last; b++) {
                        ft.check(st, blocks[b], write, site);
                    }
                    return;
                }
            }
        }
        for (long i = first; i <= last; i += stride) {
            ft.check(st, element((int) i), write, site);
        }
    }

    /** True once the shadow is FINE. */
    boolean isFine() {
        return fine != null;
    }

    /** The number of blocks (1: COARSE) while not FINE. */
    synchronized int blockCount() {
        return fine == null ? count : 0;
    }


    /** Under this monitor: makes {@code x} a block boundary (the upper part copies the parent); false if over the bound. */
    private boolean splitAt(int x) {
        if (x == length) {
            return true;
        }
        int b = blockIndex(x);
        if (starts[b] == x) {
            return true;
        }
        if (count == MAX_BLOCKS) {
            return false;
        }
        ArrayVarState lower = blocks[b];
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, Math.min(MAX_BLOCKS, count * 2));
            blocks = Arrays.copyOf(blocks, starts.length);
        }
        System.arraycopy(starts, b + 1, starts, b + 2, count - b - 1);
        System.arraycopy(blocks, b + 1, blocks, b + 2, count - b - 1);
        starts[b + 1] = x;
        blocks[b + 1] = newState(x, lower.end, lower);
        lower.end = x;                  // the parent keeps the lower part: its first index, where races are reported, stays
        count++;
        return true;
    }

    /** The index in {@link #starts} of the block holding array index {@code x}. */
    private int blockIndex(int x) {
        int i = Arrays.binarySearch(starts, 0, count, x);
        return i >= 0 ? i : -i - 2;
    }

    /** The (frozen) block element {@code index} was in when the shadow became FINE; null if born FINE. */
    private ArrayVarState blockOf(int index) {
        return blocks == null ? null : blocks[blockIndex(index)];
    }

    private synchronized AtomicReferenceArray<ArrayVarState> makeFine() {
        if (fine == null) {
            fine = new AtomicReferenceArray<>(length);
        }
        return fine;
    }

    private ArrayVarState newState(int first, int end, ArrayVarState parent) {
        ArrayVarState s = new ArrayVarState(type, first, end);
        if (parent != null) {
            s.copyStateOf(parent);
        }
        allocated.increment();
        return s;
    }
}
