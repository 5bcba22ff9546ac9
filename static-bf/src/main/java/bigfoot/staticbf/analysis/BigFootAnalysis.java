package bigfoot.staticbf.analysis;

import bigfoot.staticbf.Diagnostics;
import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.MethodPlan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bigfoot placement's analysis: {@link BigFootMethod} over every application method of the program
 * ({@link AnalysedProgram}). A method that cannot be analysed keeps every check at its access (fasttrack).
 */
public final class BigFootAnalysis {

    private static final String MODE = "bigfoot";

    private BigFootAnalysis() {
    }

    /** The plans of the analysed methods that have checked accesses. */
    public record Result(Map<MethodKey, MethodPlan> plans, Optional<AnalysisStatistics> statistics) {
        public MethodPlan plan(String classInternalName, String nameAndDescriptor) {
            return plans.get(new MethodKey(classInternalName, nameAndDescriptor));
        }
    }

    public static Result analyse(Path application, List<Path> classpath, Diagnostics diagnostics) {
        return AnalysedProgram.load(application, classpath, diagnostics, MODE)
                .map(p -> p.analyseMethods(MODE, diagnostics, ir -> BigFootMethod.plan(ir, p.hierarchy(), p.killSets())))
                .map(r -> new Result(r.byMethod(), Optional.of(r.statistics())))
                .orElseGet(() -> new Result(Map.of(), Optional.empty()));
    }
}
