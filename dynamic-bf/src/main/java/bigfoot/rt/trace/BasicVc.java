package bigfoot.rt.trace;

/**
 * BasicVC ("FastTrack: Efficient and Precise Dynamic Race Detection", Table 1): DJIT+ without its same-epoch
 * shortcut, every access compared with the variable's whole history.
 */
public final class BasicVc extends VectorClockDetector {

    public BasicVc(Races races) {
        super(races);
    }

    @Override
    boolean skipsSameEpoch() {
        return false;
    }
}
