package bigfoot.rt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The FastTrack2 state of a UNIFORM index set of an adaptive array shadow (COARSE, or a uniform segment) in two
 * {@link ShadowWord}s, W and R: 32 bytes where an {@link ArrayVarState} takes 64. A uniform set's state needs a
 * VarState only once its reads are shared (READ SHARE) or it races, or an epoch or site does not fit a word; its
 * shadow ({@link ArrayShadow}, the {@link WordStore} of these words) then INFLATES it, replacing it in its segment by
 * an ArrayVarState. lufact's columns keep a state per row down to the diagonal, and xalan's and lucene's buffers a
 * state per index or block cut before they go FINE: in words, those cost half.
 *
 * <p>Read and changed under the shadow's monitor (as every COARSE and SEGMENTS state), except that a shadow gone
 * FINE reads its frozen words to start its elements from.
 */
final class UniformWords {

    /** The size of one, with compressed references: a 12-byte header and two longs, aligned. */
    static final int BYTES = 32;

    private static final VarHandle W;
    private static final VarHandle R;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            W = l.findVarHandle(UniformWords.class, "w", long.class);
            R = l.findVarHandle(UniformWords.class, "r", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long w;
    private volatile long r;

    UniformWords(long w, long r) {
        this.w = w;
        this.r = r;
    }

    long word(boolean write) {
        return write ? w : r;
    }

    boolean cas(boolean write, long expected, long update) {
        return (write ? W : R).compareAndSet(this, expected, update);
    }

    /**
     * True if this and {@code other} (words or a VarState) hold the same whole FastTrack state: W and R with their
     * sites, and no read vector clock (MERGE).
     */
    boolean sameHistory(Object other) {
        if (other instanceof UniformWords u) {
            return w == u.w && r == u.r;
        }
        VarState v = (VarState) other;
        return ShadowWord.of(v, true) == w && ShadowWord.of(v, false) == r;
    }
}
