package bigfoot.staticbf.placement;

import bigfoot.staticbf.Diagnostics;
import bigfoot.staticbf.StaticBfException;
import bigfoot.staticbf.analysis.RedCardAnalysis;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The placement modes of {@code --mode}: configurations of one engine. Bigfoot is not implemented yet. */
public enum Mode {
    FASTTRACK(true),
    REDCARD(true),
    BIGFOOT(false);

    private final boolean available;

    Mode(boolean available) {
        this.available = available;
    }

    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named by {@code --mode}, or a usage error if it is unknown or not available yet. */
    public static Mode parse(String name) throws StaticBfException {
        for (Mode m : values()) {
            if (m.optionName().equals(name)) {
                if (!m.available) {
                    throw StaticBfException.usage("--mode " + name + " is not available yet (use --mode fasttrack or redcard)");
                }
                return m;
            }
        }
        throw StaticBfException.usage("unknown --mode '" + name + "' (one of: "
                + Arrays.stream(values()).map(Mode::optionName).collect(Collectors.joining(", ")) + ")");
    }

    /**
     * The placement of an available mode ({@link #parse} lets no other through) for the program in
     * {@code application}; redcard analyses it (once) here.
     */
    public Placement placement(Path application, List<Path> classpath, Diagnostics diagnostics) {
        return switch (this) {
            case FASTTRACK -> new FastTrackPlacement();
            case REDCARD -> new RedCardPlacement(RedCardAnalysis.analyse(application, classpath, diagnostics));
            case BIGFOOT -> throw new IllegalStateException("mode " + optionName() + " is not available");
        };
    }
}
