package bigfoot.staticbf.mode;

import bigfoot.staticbf.analysis.BigFootAnalysis;
import bigfoot.staticbf.analysis.ElidedAccesses;
import bigfoot.staticbf.analysis.ElisionAnalysis;
import bigfoot.staticbf.analysis.MethodCache;
import bigfoot.staticbf.analysis.RedCardAnalysis;
import bigfoot.staticbf.placement.Elision;
import bigfoot.staticbf.placement.Placement;
import bigfoot.staticbf.tool.Diagnostics;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The placement modes of {@code --mode}: configurations of one engine. */
public enum Mode {
    FASTTRACK,
    REDCARD,
    BIGFOOT;

    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The placement of this mode for the program in {@code application}, leaving the accesses {@code elision} selects
     * unchecked; redcard and bigfoot analyse it (once) here, and so does fasttrack for an elision. Their analyses treat
     * {@code capsuleAccesses} (which the rewriter covers with capsule checks) as no accesses, and leave them and
     * {@code tableReads} (the element reads of read-only tables, {@code ReadOnlyTables}) unchecked. They analyse the
     * methods on {@code threads} threads, reusing the per-method results {@code cache} kept where they still hold.
     */
    public Placement placement(Path application, List<Path> classpath, Diagnostics diagnostics, Elision elision,
            ElidedAccesses capsuleAccesses, ElidedAccesses tableReads, int threads, MethodCache cache) {
        return switch (this) {
            case FASTTRACK -> elision == Elision.NONE ? new FastTrackPlacement()
                    : new FastTrackPlacement(ElisionAnalysis.analyse(application, classpath, diagnostics, elision,
                            tableReads, threads, cache));
            case REDCARD -> new RedCardPlacement(RedCardAnalysis.analyse(application, classpath, diagnostics, elision,
                    capsuleAccesses, tableReads, threads, cache));
            case BIGFOOT -> new BigFootPlacement(BigFootAnalysis.analyse(application, classpath, diagnostics, elision,
                    capsuleAccesses, tableReads, threads, cache));
        };
    }
}
