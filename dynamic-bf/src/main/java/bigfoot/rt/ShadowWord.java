package bigfoot.rt;

/**
 * One half of a location's FastTrack2 state in a primitive word: the epoch of the last write (W) or of the
 * last exclusive read (R), with the site of that access, packed into a {@code long} so that the pair
 * (epoch, site) changes in one CAS and a report always names the site of the epoch it saw.
 *
 * <p>Layout: bits 31..0 the clock, bits 43..32 the tid, bits 63..44 the site + 1 (0: unknown). A compact
 * epoch is {@code tid << 32 | clock}; only tids below {@value #TID_LIMIT} and clocks below 2^32 fit, and
 * only sites below {@link #SITE_LIMIT}. {@link #NONE} (0, the word of a fresh location) is {@code 0@0} with
 * no site, ordered before everything, as a fresh {@link VarState}'s W and R. {@link #INFLATED} (-1) has tid
 * 4095, which no compact epoch has: the location's state lives in a {@link VarState} from then on.
 */
final class ShadowWord {

    static final long NONE = 0L;
    static final long INFLATED = -1L;
    /** What {@link #compact} returns for an epoch that does not fit in a word. */
    static final long NO_WORD = -1L;
    static final int TID_LIMIT = 4095;
    static final int SITE_LIMIT = (1 << 20) - 1;
    /** The compact epoch's bits of a word. */
    static final long EPOCH_BITS = (1L << 44) - 1;
    private static final long CLOCK_BITS = 0xFFFF_FFFFL;

    private ShadowWord() {
    }

    /** The compact form of a full {@link Epoch}, or {@link #NO_WORD} if its tid or clock is too large. */
    static long compact(long epoch) {
        int tid = Epoch.tid(epoch);
        long clock = Epoch.clock(epoch);
        return tid < TID_LIMIT && clock <= CLOCK_BITS ? (long) tid << 32 | clock : NO_WORD;
    }

    /** True if a word can name {@code site}. */
    static boolean fits(int site) {
        return site >= -1 && site < SITE_LIMIT;
    }

    /** The word of an access at compact epoch {@code compact} (not {@link #NO_WORD}) from a site that {@link #fits}. */
    static long of(long compact, int site) {
        return (long) (site + 1) << 44 | compact;
    }

    /** The full {@link Epoch} of a word other than {@link #INFLATED}. */
    static long epoch(long word) {
        return Epoch.make(tid(word), word & CLOCK_BITS);
    }

    static int tid(long word) {
        return (int) (word >>> 32) & 0xFFF;
    }

    /** The site of a word other than {@link #INFLATED}; -1 if unknown. */
    static int site(long word) {
        return (int) (word >>> 44) - 1;
    }

    /** {@code epoch(word) ⪯ Vt}, with the same-thread shortcut (program order), as FastTrack's {@code ordered}. */
    static boolean ordered(long word, ThreadState st) {
        int t = tid(word);
        return t == st.tid || epoch(word) <= st.get(t);
    }
}
