package bigfoot.staticbf.analysis;

import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.Elision;
import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.tool.Diagnostics;
import bigfoot.z3.Entailment;
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

    /**
     * The plans of the analysed methods that have checked accesses, the accesses that get no check, and the
     * instructions past which a capsule's stretch goes on.
     */
    public record Result(Map<MethodKey, MethodPlan> plans, ElidedAccesses elided, ReleaseFree releaseFree,
            Optional<AnalysisStatistics> statistics) {
        public MethodPlan plan(String classInternalName, String nameAndDescriptor) {
            return plans.get(new MethodKey(classInternalName, nameAndDescriptor));
        }
    }

    public static Result analyse(Path application, List<Path> classpath, Diagnostics diagnostics, Elision elision,
            ElidedAccesses capsuleAccesses, ElidedAccesses tableReads, int threads) {
        Optional<AnalysedProgram> program = AnalysedProgram.load(application, classpath, diagnostics, MODE, elision,
                capsuleAccesses, tableReads, threads);
        if (program.isEmpty()) {
            return new Result(Map.of(), ElidedAccesses.NONE, ReleaseFree.NONE, Optional.empty());
        }
        AnalysedProgram p = program.get();
        Z3Entailment z3 = openZ3(diagnostics);
        try {
            RangeCoalescing coalescing = new RangeCoalescing(z3 != null ? z3 : Entailment.NOTHING_PROVED);
            ModSets modSets = p.modSets();
            AnalysedProgram.Results<MethodPlan> r = p.analyseMethods(MODE, diagnostics,
                    ir -> {
                        p.recordReleaseFree(ir);
                        return BigFootMethod.plan(ir, p.hierarchy(), p.killSets(), modSets, coalescing, p.elided(ir));
                    });
            AnalysisStatistics statistics = z3 == null ? r.statistics()
                    : r.statistics().withZ3(z3.stats().queries(), z3.stats().cacheHits());
            return new Result(r.byMethod(), p.elidedAccesses(), p.releaseFree(), Optional.of(statistics));
        } finally {
            if (z3 != null) {
                z3.close();
            }
        }
    }

    /** Z3 for the coalescing proofs, or null (with a warning: ranges are then not coalesced) if it cannot load. */
    private static Z3Entailment openZ3(Diagnostics diagnostics) {
        try {
            return new Z3Entailment();
        } catch (RuntimeException | LinkageError e) {
            diagnostics.warn(MODE + ": Z3 cannot be loaded (" + e + "); array ranges are not coalesced");
            return null;
        }
    }
}
