package bigfoot.rt;

import bigfoot.rt.trace.BasicVc;
import bigfoot.rt.trace.Detector;
import bigfoot.rt.trace.Djit;
import bigfoot.rt.trace.Empty;
import bigfoot.rt.trace.Eraser;
import bigfoot.rt.trace.Ft1;
import bigfoot.rt.trace.Goldilocks;
import bigfoot.rt.trace.Shb;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The detectors offline analysis can run ({@code dynamicbf --analyze TRACE --tool NAME}). */
enum TraceTool {
    FT2("FastTrack2, the runtime's own detector (the default)", FastTrackDetector::new),
    FT1("FastTrack as first published (PLDI 2009): read history reset by a write after shared reads", Ft1::new),
    DJIT("DJIT+: a vector clock per variable's reads and writes; precise, as ft2", Djit::new),
    BASICVC("BasicVC: DJIT+ without its same-epoch shortcut", BasicVc::new),
    GOLDILOCKS("Goldilocks: happens-before from locksets grown along a list of synchronisation events, no vector "
            + "clocks; precise, as ft2", Goldilocks::new),
    SHB("SHB, schedulable happens-before (the paper's epoch version): every race it reports can be scheduled, also "
            + "after the first", Shb::new),
    ERASER("Eraser's locksets: warns where no one lock guards a shared variable; false alarms where forks, joins "
            + "or other orders than locks protect it", Eraser::new),
    EMPTY("no analysis: takes the events, reports nothing", Empty::new);

    final String description;
    final Function<Detector.Races, Detector> detector;

    TraceTool(String description, Function<Detector.Races, Detector> detector) {
        this.description = description;
        this.detector = detector;
    }

    String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The tool named {@code name}; IllegalArgumentException naming the tools if there is none. */
    static TraceTool named(String name) {
        for (TraceTool t : values()) {
            if (t.optionName().equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown tool '" + name + "' (one of: "
                + Arrays.stream(values()).map(TraceTool::optionName).collect(Collectors.joining(", ")) + ")");
    }
}
