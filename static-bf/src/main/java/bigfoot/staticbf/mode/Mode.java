package bigfoot.staticbf.mode;

import bigfoot.staticbf.analysis.AnalysisInput;
import bigfoot.staticbf.analysis.BigFootAnalysis;
import bigfoot.staticbf.analysis.ElidedAccesses;
import bigfoot.staticbf.analysis.ElisionAnalysis;
import bigfoot.staticbf.analysis.MethodCache;
import bigfoot.staticbf.analysis.RedCardAnalysis;
import bigfoot.staticbf.placement.Elision;
import bigfoot.staticbf.placement.Placement;
import bigfoot.staticbf.tool.Diagnostics;
import java.util.Locale;

/** The placement modes of {@code --mode}: configurations of one engine. */
public enum Mode {
    FASTTRACK,
    REDCARD,
    BIGFOOT;

    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True if this mode's placement under {@code elision} analyses the program (it needs an {@link AnalysisInput}). */
    public boolean analyses(Elision elision) {
        return this != FASTTRACK || elision != Elision.NONE;
    }

    /**
     * The placement of this mode for the program {@code input} holds (null if this mode does not {@link #analyses
     * analyse} it), leaving the accesses {@code elision} selects unchecked; redcard and bigfoot analyse it (once)
     * here, and so does fasttrack for an elision. Their analyses treat
     * {@code capsuleAccesses} (which the rewriter covers with capsule checks) as no accesses, and leave them and
     * {@code tableReads} (the element reads of read-only tables, {@code ReadOnlyTables}) unchecked. They analyse the
     * methods on {@code threads} threads, reusing the per-method results {@code cache} kept where they still hold.
     */
    public Placement placement(AnalysisInput input, Diagnostics diagnostics, Elision elision,
            ElidedAccesses capsuleAccesses, ElidedAccesses tableReads, int threads, MethodCache cache) {
        return switch (this) {
            case FASTTRACK -> !analyses(elision) ? new FastTrackPlacement()
                    : new FastTrackPlacement(ElisionAnalysis.analyse(input, diagnostics, elision,
                            tableReads, threads, cache));
            case REDCARD -> new RedCardPlacement(RedCardAnalysis.analyse(input, diagnostics, elision,
                    capsuleAccesses, tableReads, threads, cache));
            case BIGFOOT -> new BigFootPlacement(BigFootAnalysis.analyse(input, diagnostics, elision,
                    capsuleAccesses, tableReads, threads, cache));
        };
    }
}
