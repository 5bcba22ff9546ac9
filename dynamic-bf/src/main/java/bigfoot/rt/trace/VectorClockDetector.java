package bigfoot.rt.trace;

/**
 * What the vector-clock detectors share (DJIT+, BasicVC, SHB): besides the {@link ThreadClocks}, per variable the
 * access history of "FastTrack: Efficient and Precise Dynamic Race Detection", section 2: per thread, the clock of
 * its last read and of its last write of the variable (R and W), with those events for the report. An access races
 * with the earlier accesses of the other kind its clock does not cover. Subclasses decide whether an access in the
 * same epoch as the thread's last one of its kind is skipped, and what a read and a write add to the clocks.
 */
abstract class VectorClockDetector extends ThreadClocks {

    private final Races races;
    /** Per variable: R, W, and per thread the events of its last read and last write. */
    private final Numbered<int[][]> variables =
            new Numbered<>(x -> new int[][] {new int[0], new int[0], new int[0], new int[0]});

    VectorClockDetector(Races races) {
        this.races = races;
    }

    /** True if a read (write) in the epoch of the thread's last read (write) of the variable is skipped. */
    abstract boolean skipsSameEpoch();

    /** After a read's check and its history update: nothing, unless the detector adds to the clocks. */
    void afterRead(int t, int x) {
    }

    /** After a write's check and its history update: nothing, unless the detector adds to the clocks. */
    void afterWrite(int t, int x) {
    }

    @Override
    public final void access(int t, int x, boolean write, int event) {
        int[] c = clock(t);
        int[][] v = variables.get(x);
        if (skipsSameEpoch() && at(v[write ? 1 : 0], t) == c[t]) {
            return;                                                  // READ / WRITE SAME EPOCH
        }
        int writer = firstNotCovered(v[1], c);
        if (writer >= 0) {                                           // WRITE-WRITE / WRITE-READ RACE
            races.race(write ? "write-write" : "write-read", x, at(v[3], writer), event);
        }
        if (write) {
            int reader = firstNotCovered(v[0], c);
            if (reader >= 0) {                                       // READ-WRITE RACE
                races.race("read-write", x, at(v[2], reader), event);
            }
            v[1] = set(v[1], t, c[t]);
            v[3] = set(v[3], t, event);
            afterWrite(t, x);
        } else {
            v[0] = set(v[0], t, c[t]);
            v[2] = set(v[2], t, event);
            afterRead(t, x);
        }
    }

    /** The first thread whose entry of {@code vc} {@code c} does not cover (vc ⋢ c there), or -1. */
    private static int firstNotCovered(int[] vc, int[] c) {
        for (int i = 0; i < vc.length; i++) {
            if (vc[i] > at(c, i)) {
                return i;
            }
        }
        return -1;
    }
}
