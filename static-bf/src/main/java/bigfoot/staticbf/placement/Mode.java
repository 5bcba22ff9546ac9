package bigfoot.staticbf.placement;

import bigfoot.staticbf.Diagnostics;
import bigfoot.staticbf.StaticBfException;
import bigfoot.staticbf.analysis.BigFootAnalysis;
import bigfoot.staticbf.analysis.ElisionAnalysis;
import bigfoot.staticbf.analysis.RedCardAnalysis;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The placement modes of {@code --mode}: configurations of one engine. */
public enum Mode {
    FASTTRACK,
    REDCARD,
    BIGFOOT;

    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named by {@code --mode}, or a usage error if it is unknown or not available yet. */
    public static Mode parse(String name) throws StaticBfException {
        for (Mode m : values()) {
            if (m.optionName().equals(name)) {
                return m;
            }
        }
        throw StaticBfException.usage("unknown --mode '" + name + "' (one of: "
                + Arrays.stream(values()).map(Mode::optionName).collect(Collectors.joining(", ")) + ")");
    }

    /**
     * The placement of this mode for the program in {@code application}, leaving the accesses {@code elision} selects
     * unchecked; redcard and bigfoot analyse it (once) here, and so does fasttrack for an elision.
     */
    public Placement placement(Path application, List<Path> classpath, Diagnostics diagnostics, Elision elision) {
        return switch (this) {
            case FASTTRACK -> elision == Elision.NONE ? new FastTrackPlacement()
                    : new FastTrackPlacement(ElisionAnalysis.analyse(application, classpath, diagnostics, elision));
            case REDCARD -> new RedCardPlacement(RedCardAnalysis.analyse(application, classpath, diagnostics, elision));
            case BIGFOOT -> new BigFootPlacement(BigFootAnalysis.analyse(application, classpath, diagnostics, elision));
        };
    }
}
