package bigfoot.rt;

import bigfoot.rt.report.RaceKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Explicit array-checking state for single-threaded tests: a detector, array checks in one mode, shadows in
 * one representation, and a listener that records each race's array locations when it is reported (a block's
 * or residue class's race is a race on every index it holds at that moment).
 */
final class ArrayRig implements RaceListener {

    /** One raced location: the array's type name, the index and the kind. */
    record Location(String array, int index, RaceKind kind) {
    }

    /** One race on one location, with all a report says about it: the previous access's epoch and site, the current site. */
    record Event(Location location, long previous, int previousSite, int currentSite) {
    }

    final FastTrack ft = new FastTrack(this);
    final ArrayChecks checks;
    final LongAdder allocated = new LongAdder();
    final List<Location> races = new ArrayList<>();
    final List<Event> events = new ArrayList<>();
    /** The current access's site of each race, in order. */
    final List<Integer> raceSites = new ArrayList<>();
    private final boolean adaptiveShadows;
    private final ArrayShadow.Bounds bounds;

    /** {@code footprints}: checks go through footprints; {@code adaptiveShadows}: shadows start coarse. */
    ArrayRig(boolean footprints, boolean adaptiveShadows) {
        this(footprints, adaptiveShadows, ArrayShadow.Bounds.DEFAULT);
    }

    /** As above, with the shadows' per-element and fragmentation bounds. */
    ArrayRig(boolean footprints, boolean adaptiveShadows, ArrayShadow.Bounds bounds) {
        this.checks = new ArrayChecks(ft, footprints);
        this.adaptiveShadows = adaptiveShadows;
        this.bounds = bounds;
    }

    ArrayShadow array(Class<?> type, int length) {
        return new ArrayShadow(type, length, adaptiveShadows, allocated, bounds);
    }

    void read(ThreadState ts, ArrayShadow a, int begin, int end, int stride, int site) {
        checks.check(ts, a, begin, end, stride, false, site, null);
    }

    void write(ThreadState ts, ArrayShadow a, int begin, int end, int stride, int site) {
        checks.check(ts, a, begin, end, stride, true, site, null);
    }

    /** The raced (array, index) pairs, kinds aside. */
    Set<String> racedIndices() {
        Set<String> out = new LinkedHashSet<>();
        for (Location l : races) {
            out.add(l.array() + "[" + l.index() + "]");
        }
        return out;
    }

    /** Every race event (location, kind, previous epoch and site, current site), in a canonical order. */
    List<String> raceEvents() {
        List<String> out = new ArrayList<>();
        for (Event e : events) {
            out.add(e.location() + " prev " + Epoch.toString(e.previous()) + "@" + e.previousSite() + " cur @" + e.currentSite());
        }
        java.util.Collections.sort(out);
        return out;
    }

    @Override
    public void race(RaceKind kind, VarState var, long previous, int previousSite, ThreadState current, int currentSite) {
        ArrayVarState a = (ArrayVarState) var;
        String array = a.target(null).className();
        for (int i = a.first; i < a.end; i += a.step) {
            Location l = new Location(array, i, kind);
            races.add(l);
            events.add(new Event(l, previous, previousSite, currentSite));
        }
        raceSites.add(currentSite);
    }
}
