package bigfoot.rt;

/**
 * Epochs {@code t@c} packed into a {@code long}: bit 63 is always 0, bits 62..40 hold the thread id
 * (23 bits, so up to 8,388,607 tids), bits 39..0 the clock (2^40 ticks per tid).
 *
 * <p>Why a long and not FT1's int (8-bit tid, 24-bit clock): 256 tids and 16.7M ticks are both
 * reachable by ordinary programs (thread pools, a synchronized call in a hot loop ticks the clock at
 * every release), and tid reuse continues a tid's clock where its previous owner stopped, so one tid
 * consumes ticks for several threads. Keeping the tid in the high bits means two epochs of the same
 * thread compare as plain longs, and a vector clock can store epochs (not bare clocks), so
 * {@code e ⪯ V} is one long comparison. {@link #SHARED} is -1, which no epoch can equal.
 */
final class Epoch {

    static final int CLOCK_BITS = 40;
    static final long CLOCK_MASK = (1L << CLOCK_BITS) - 1;
    static final int MAX_TID = (1 << 23) - 1;

    /** The R value of a VarState whose read history lives in its vector clock (FT2 "SHARED"). */
    static final long SHARED = -1L;

    private Epoch() {
    }

    /** {@code tid@clock}. */
    static long make(int tid, long clock) {
        return ((long) tid << CLOCK_BITS) | clock;
    }

    static int tid(long epoch) {
        return (int) (epoch >>> CLOCK_BITS);
    }

    static long clock(long epoch) {
        return epoch & CLOCK_MASK;
    }

    static String toString(long epoch) {
        return epoch == SHARED ? "SHARED" : tid(epoch) + "@" + clock(epoch);
    }
}
