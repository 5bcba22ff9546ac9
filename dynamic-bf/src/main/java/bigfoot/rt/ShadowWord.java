package bigfoot.rt;

/**
 * One half of a location's FastTrack2 state in a primitive word: the epoch of the last write (W) or of the
 * last exclusive read (R), with the site of that access, packed into a {@code long} so that the pair
 * (epoch, site) changes in one CAS and a report always names the site of the epoch it saw.
 *
 * <p>Layout: bits 29..0 the clock, bits 46..30 the tid, bits 63..47 the site + 1 (0: unknown). A compact
 * epoch is {@code tid << 30 | clock}; only tids below {@value #TID_LIMIT} and clocks below 2^30 fit, and
 * only sites below {@link #SITE_LIMIT}. Seventeen tid bits keep a program's first 131,070 threads in words
 * (a thread per task or per request, never joined, takes a tid each); a thread past 2^30 releases, a tid or a
 * site past the limits inflates what it touches instead. {@link #NONE} (0, the word of a fresh location) is
 * {@code 0@0} with no site, ordered before everything, as a fresh {@link VarState}'s W and R. {@link #INFLATED}
 * (-1) has tid {@value #TID_LIMIT}, which no compact epoch has: the location's state lives in a {@link VarState}
 * from then on.
 */
final class ShadowWord {

    private static final int CLOCK_WIDTH = 30;
    private static final int TID_WIDTH = 17;
    private static final int EPOCH_WIDTH = CLOCK_WIDTH + TID_WIDTH;

    static final long NONE = 0L;
    static final long INFLATED = -1L;
    /** What {@link #compact} returns for an epoch that does not fit in a word. */
    static final long NO_WORD = -1L;
    static final int TID_LIMIT = (1 << TID_WIDTH) - 1;
    static final int SITE_LIMIT = (1 << (64 - EPOCH_WIDTH)) - 1;
    /** The compact epoch's bits of a word. */
    static final long EPOCH_BITS = (1L << EPOCH_WIDTH) - 1;
    /** The largest clock a word holds. */
    static final long CLOCK_BITS = (1L << CLOCK_WIDTH) - 1;

    private ShadowWord() {
    }

    /** The compact form of a full {@link Epoch}, or {@link #NO_WORD} if its tid or clock is too large. */
    static long compact(long epoch) {
        int tid = Epoch.tid(epoch);
        long clock = Epoch.clock(epoch);
        return tid < TID_LIMIT && clock <= CLOCK_BITS ? (long) tid << CLOCK_WIDTH | clock : NO_WORD;
    }

    /** True if a word can name {@code site}. */
    static boolean fits(int site) {
        return site >= -1 && site < SITE_LIMIT;
    }

    /** The word of an access at compact epoch {@code compact} (not {@link #NO_WORD}) from a site that {@link #fits}. */
    static long of(long compact, int site) {
        return (long) (site + 1) << EPOCH_WIDTH | compact;
    }

    /**
     * The words of a VarState's W ({@code write}) or R: its epoch and site as one word, or {@link #NO_WORD} if R is
     * SHARED or the epoch or site does not fit. W and R both in words hold exactly the VarState's history.
     */
    static long of(VarState s, boolean write) {
        long epoch = write ? s.w : s.r;
        int site = write ? s.writeSite : s.readSite;
        long c = epoch == Epoch.SHARED ? NO_WORD : compact(epoch);
        return c == NO_WORD || !fits(site) ? NO_WORD : of(c, site);
    }

    /** The full {@link Epoch} of a word other than {@link #INFLATED}. */
    static long epoch(long word) {
        return Epoch.make(tid(word), word & CLOCK_BITS);
    }

    static int tid(long word) {
        return (int) (word >>> CLOCK_WIDTH) & TID_LIMIT;
    }

    /** The site of a word other than {@link #INFLATED}; -1 if unknown. */
    static int site(long word) {
        return (int) (word >>> EPOCH_WIDTH) - 1;
    }

    /** {@code epoch(word) ⪯ Vt}, with the same-thread shortcut (program order), as FastTrack's {@code ordered}. */
    static boolean ordered(long word, ThreadState st) {
        int t = tid(word);
        return t == st.tid || epoch(word) <= st.get(t);
    }
}
