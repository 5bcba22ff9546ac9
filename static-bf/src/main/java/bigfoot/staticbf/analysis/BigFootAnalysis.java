package bigfoot.staticbf.analysis;

import bigfoot.staticbf.Diagnostics;
import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.z3.Entailment;
import bigfoot.z3.Fact;
import bigfoot.z3.StridedRange;
import bigfoot.z3.Z3Entailment;
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
        Optional<AnalysedProgram> program = AnalysedProgram.load(application, classpath, diagnostics, MODE);
        if (program.isEmpty()) {
            return new Result(Map.of(), Optional.empty());
        }
        AnalysedProgram p = program.get();
        try (Z3 z3 = Z3.open(diagnostics)) {
            RangeCoalescing coalescing = new RangeCoalescing(z3.entailment());
            AnalysedProgram.Results<MethodPlan> r = p.analyseMethods(MODE, diagnostics,
                    ir -> BigFootMethod.plan(ir, p.hierarchy(), p.killSets(), coalescing));
            return new Result(r.byMethod(), Optional.of(r.statistics()));
        }
    }

    /** Z3 for the coalescing proofs, or, if it cannot be loaded, an entailment that proves nothing (no coalescing). */
    private record Z3(Entailment entailment, AutoCloseable resource) implements AutoCloseable {
        static Z3 open(Diagnostics diagnostics) {
            try {
                Z3Entailment z3 = new Z3Entailment();
                return new Z3(z3, z3);
            } catch (RuntimeException | LinkageError e) {
                diagnostics.warn(MODE + ": Z3 cannot be loaded (" + e + "); array ranges are not coalesced");
                return new Z3(new Entailment() {
                    @Override
                    public boolean entails(List<Fact> assumptions, Fact goal) {
                        return false;
                    }

                    @Override
                    public boolean coversRange(List<Fact> history, List<StridedRange> covered, StridedRange wanted) {
                        return false;
                    }

                    @Override
                    public boolean rangeUnionEquals(List<Fact> history, List<StridedRange> parts, StridedRange whole) {
                        return false;
                    }
                }, () -> { });
            }
        }

        @Override
        public void close() {
            try {
                resource.close();
            } catch (Exception e) {
                // freeing Z3's contexts at the end of the run: nothing left to protect
            }
        }
    }
}
