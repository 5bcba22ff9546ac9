package bigfoot.rt.trace;

/**
 * The oracle of {@link Shb}: SHB, schedulable happens-before (Mathur, Kini and Viswanathan, "What Happens-After the
 * First Race?", OOPSLA 2018), as its Algorithm 1 has it, with a vector clock per variable's reads and writes:
 * happens-before plus an edge from each read's last write to the read. Each variable keeps the clock of
 * its last write (LW), which a read joins after its race check, and a write ticks its thread's clock, so that what
 * follows the write is not ordered before the write's readers. Every race it reports can be scheduled, also after the
 * first (which it always reports, as happens-before detectors do); so no access in the epoch of an earlier one is
 * skipped: the read must still join the variable's latest write.
 */
public final class ShbAlgorithm1 extends VectorClockDetector {

    private final Numbered<int[]> lastWrites = new Numbered<>(x -> new int[0]);

    public ShbAlgorithm1(Races races) {
        super(races);
    }

    @Override
    boolean skipsSameEpoch() {
        return false;
    }

    @Override
    void afterRead(int t, int x) {
        joinInto(t, lastWrites.get(x));                              // C_t := C_t ⊔ LW_x: the reads-from edge
    }

    @Override
    void afterWrite(int t, int x) {
        lastWrites.set(x, clock(t).clone());                         // LW_x := C_t
        tick(t);                                                     // C_t(t) := C_t(t) + 1 after every write
    }
}
