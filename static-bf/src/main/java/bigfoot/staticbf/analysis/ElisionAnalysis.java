package bigfoot.staticbf.analysis;

import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.Elision;
import bigfoot.staticbf.tool.Diagnostics;
import java.util.Optional;

/**
 * For a placement that analyses nothing else (fasttrack): the accesses {@code --elide} leaves unchecked in every
 * application method of the program ({@link AnalysedProgram#elided}). If the program cannot be analysed, none.
 */
public final class ElisionAnalysis {

    private static final String MODE = "elision";

    private ElisionAnalysis() {
    }

    /** The elided accesses, and what finding them cost. */
    public record Result(ElidedAccesses elided, Optional<AnalysisStatistics> statistics, ClassDigests classDigests) {

        Result(ElidedAccesses elided, Optional<AnalysisStatistics> statistics) {
            this(elided, statistics, new ClassDigests().add("elided", elided.byMethod(), ClassDigests::writeSorted));
        }
    }

    public static Result analyse(AnalysisInput input, Diagnostics diagnostics, Elision elision,
            ElidedAccesses tableReads, int threads, MethodCache cache) {
        return AnalysedProgram.load(input, diagnostics, MODE, elision, ElidedAccesses.NONE, tableReads,
                        threads, cache, ResultCodec.NONE, () -> { })
                .map(p -> {
                    AnalysedProgram.Results<Object> r = p.analyseMethods(MODE, diagnostics, ResultCodec.NONE, ir -> {
                        p.elided(ir);
                        return null;
                    });
                    return new Result(p.elidedAccesses(), Optional.of(r.statistics()));
                })
                .orElseGet(() -> new Result(ElidedAccesses.NONE, Optional.empty()));
    }
}
