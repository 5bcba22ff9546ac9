package bigfoot.rt;

/**
 * Where locations keep their FastTrack2 state as two {@link ShadowWord}s (W and R), and their {@link VarState} once
 * INFLATED: the elements of a FINE array shadow ({@link FineWords}: the holder is the block of words holding element
 * i, {@link FineWords#block}, i is the index) and the instance fields of rewritten classes ({@link FieldShadow}: the
 * holder is the object, i is unused). The rules that read and change the words are FastTrack's
 * ({@link FastTrack#checkWords}).
 *
 * <p>Invariant: W is INFLATED only if R is (inflation freezes R first), and once R is INFLATED the location's
 * state is its VarState for good.
 */
abstract class WordStore {

    /** A volatile read of the location's W ({@code write}) or R word. */
    abstract long word(Object holder, int i, boolean write);

    /** A CAS of the location's W ({@code write}) or R word. */
    abstract boolean cas(Object holder, int i, boolean write, long expected, long update);

    /**
     * INFLATE: the location's VarState, holding its words' W, R and sites; made now, and both words frozen as
     * {@link ShadowWord#INFLATED}, unless that is done already. A word operation in flight fails its CAS and starts
     * again, then finds the location inflated.
     */
    abstract VarState inflate(Object holder, int i);

    /** The VarState of a location whose R word is INFLATED (waiting, if need be, until its inflation is complete). */
    abstract VarState inflated(Object holder, int i);

    /** Sets the location's W or R word to INFLATED; returns what it held. */
    final long freeze(Object holder, int i, boolean write) {
        while (true) {
            long v = word(holder, i, write);
            if (v == ShadowWord.INFLATED || cas(holder, i, write, v, ShadowWord.INFLATED)) {
                return v;
            }
        }
    }

    /** Fills a fresh VarState with the words it was inflated from (a word already INFLATED leaves its half fresh). */
    static void fill(VarState s, long w, long r) {
        if (w != ShadowWord.INFLATED) {
            s.w = ShadowWord.epoch(w);
            s.writeSite = ShadowWord.site(w);
        }
        if (r != ShadowWord.INFLATED) {
            s.r = ShadowWord.epoch(r);
            s.readSite = ShadowWord.site(r);
        }
    }
}
