package bigfoot.staticbf.analysis;

import bigfoot.staticbf.Diagnostics;
import bigfoot.staticbf.placement.AnalysisStatistics;
import java.nio.file.Path;
import java.util.List;
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

    /** Where no check is needed, per method: (class internal name, name + descriptor) -> bytecode indices. */
    public record Result(Map<MethodKey, Set<Integer>> removable, Optional<AnalysisStatistics> statistics) {
        public Set<Integer> removable(String classInternalName, String nameAndDescriptor) {
            return removable.getOrDefault(new MethodKey(classInternalName, nameAndDescriptor), Set.of());
        }
    }

    public static Result analyse(Path application, List<Path> classpath, Diagnostics diagnostics) {
        return AnalysedProgram.load(application, classpath, diagnostics, MODE)
                .map(p -> p.analyseMethods(MODE, diagnostics, ir -> {
                    Set<Integer> bcis = ReleaseFreeSpans.removableChecks(ir, p.hierarchy(), p.killSets());
                    return bcis.isEmpty() ? null : bcis;
                }))
                .map(r -> new Result(r.byMethod(), Optional.of(r.statistics())))
                .orElseGet(() -> new Result(Map.of(), Optional.empty()));
    }
}
