package bigfoot.rt.trace;

/**
 * DJIT+ (Pozniansky and Schuster; the baseline of "FastTrack: Efficient and Precise Dynamic Race Detection", section 2
 * and Table 1): vector clocks, and a read (write) in the epoch of the thread's last read (write) of the variable is
 * skipped. Precise: the first race on every variable is reported at the access that makes it.
 */
public final class Djit extends VectorClockDetector {

    public Djit(Races races) {
        super(races);
    }

    @Override
    boolean skipsSameEpoch() {
        return true;
    }
}
