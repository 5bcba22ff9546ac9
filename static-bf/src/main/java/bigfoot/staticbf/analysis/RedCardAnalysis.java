package bigfoot.staticbf.analysis;

import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.Elision;
import bigfoot.staticbf.tool.Diagnostics;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The red-card placement's analysis: {@link ReleaseFreeSpans} over every application method of the program
 * ({@link AnalysedProgram}). A method that cannot be analysed keeps every check (fasttrack).
 */
public final class RedCardAnalysis {

    private static final String MODE = "redcard";

    private RedCardAnalysis() {
    }

    /**
     * Where no check is needed, per method: (class internal name, name + descriptor) -> bytecode indices; and the
     * accesses that get no check at all.
     */
    public record Result(Map<MethodKey, Set<Integer>> removable, ElidedAccesses elided,
            Optional<AnalysisStatistics> statistics, ClassDigests classDigests) {

        Result(Map<MethodKey, Set<Integer>> removable, ElidedAccesses elided, Optional<AnalysisStatistics> statistics) {
            this(removable, elided, statistics, new ClassDigests().add("removable", removable, ClassDigests::writeSorted)
                    .add("elided", elided.byMethod(), ClassDigests::writeSorted));
        }

        public Set<Integer> removable(String classInternalName, String nameAndDescriptor) {
            return removable.getOrDefault(new MethodKey(classInternalName, nameAndDescriptor), Set.of());
        }
    }

    public static Result analyse(AnalysisInput input, Diagnostics diagnostics, Elision elision,
            ElidedAccesses capsuleAccesses, ElidedAccesses tableReads, int threads, MethodCache cache) {
        return AnalysedProgram.load(input, diagnostics, MODE, elision, capsuleAccesses, tableReads,
                        threads, cache, ResultCodec.INTS, () -> { })
                .map(p -> {
                    AnalysedProgram.Results<Set<Integer>> r = p.analyseMethods(MODE, diagnostics, ResultCodec.INTS, ir -> {
                        Set<Integer> bcis = ReleaseFreeSpans.removableChecks(ir, p.hierarchy(), p.killSets(), p.elided(ir));
                        return bcis.isEmpty() ? null : bcis;
                    });
                    return new Result(r.byMethod(), p.elidedAccesses(), Optional.of(r.statistics()));
                })
                .orElseGet(() -> new Result(Map.of(), ElidedAccesses.NONE, Optional.empty()));
    }
}
