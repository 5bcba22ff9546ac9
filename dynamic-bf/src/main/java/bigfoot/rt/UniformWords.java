package bigfoot.rt;

/**
 * The FastTrack2 state of a UNIFORM index set of an adaptive array shadow (COARSE, or a uniform segment) in two
 * {@link ShadowWord}s, W and R: 32 bytes where an {@link ArrayVarState} takes 64. A uniform set's state needs a
 * VarState only once its reads are shared (READ SHARE) or it races, or an epoch or site does not fit a word; its
 * shadow ({@link ArrayShadow}) then INFLATES it, replacing it in its segment by an ArrayVarState. lufact's columns
 * keep a state per row down to the diagonal, and xalan's and lucene's buffers a state per index or block cut before
 * they go FINE: in words, those cost half.
 *
 * <p>A cut gives both sides the same words until a check changes one of them ({@link #share}). Read and changed
 * only under the shadow's monitor ({@link FastTrack#uniformRule}), as every COARSE and SEGMENTS
 * state; a shadow gone FINE reads them, frozen, to start its elements from, after reading the volatile that
 * published its FINE words.
 */
final class UniformWords {

    /** The size of one, with compressed references: a 12-byte header and two longs, aligned. */
    static final int BYTES = 32;

    private long w;
    private long r;
    /**
     * The segments holding these words: a cut gives both sides the same words (most cuts go on to change one side
     * only). While more than one segment holds them they never change: a check that would change them changes a
     * copy made for its segment, which then lets go of these.
     */
    private int holders = 1;

    UniformWords(long w, long r) {
        this.w = w;
        this.r = r;
    }

    long word(boolean write) {
        return write ? w : r;
    }

    /** These words, for one more segment (see {@link #holders}). */
    UniformWords share() {
        holders++;
        return this;
    }

    /** A segment no longer holds these words. */
    void release() {
        holders--;
    }

    /** True if more than one segment holds these words (they must not change). */
    boolean shared() {
        return holders > 1;
    }

    /** Changes a word of words only one segment holds. */
    void set(boolean write, long word) {
        if (write) {
            w = word;
        } else {
            r = word;
        }
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
