package bigfoot.staticbf.analysis;

import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.Elision;
import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.tool.Diagnostics;
import bigfoot.z3.Entailment;
import bigfoot.z3.Z3Entailment;
import java.util.HashMap;
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
            Optional<AnalysisStatistics> statistics, ClassDigests classDigests) {

        Result(Map<MethodKey, MethodPlan> plans, ElidedAccesses elided, ReleaseFree releaseFree,
                Optional<AnalysisStatistics> statistics) {
            this(plans, elided, releaseFree, statistics, new ClassDigests().add("plan", plans, PlanCodec.INSTANCE::write)
                    .add("elided", elided.byMethod(), ClassDigests::writeSorted)
                    .add("release-free", releaseFree.byMethod(), ClassDigests::writeSorted));
        }

        public MethodPlan plan(String classInternalName, String nameAndDescriptor) {
            return plans.get(new MethodKey(classInternalName, nameAndDescriptor));
        }
    }

    public static Result analyse(AnalysisInput input, Diagnostics diagnostics, Elision elision,
            ElidedAccesses capsuleAccesses, ElidedAccesses tableReads, int threads, MethodCache cache) {
        Z3Entailment z3 = openZ3(diagnostics);
        try {
            // without Z3 no range is coalesced: such plans are not kept, nor are kept ones used
            Optional<AnalysedProgram> program = AnalysedProgram.load(input, diagnostics, MODE, elision,
                    capsuleAccesses, tableReads, threads, z3 != null ? cache : MethodCache.NONE, Planned.CODEC,
                    // Z3 loads while the whole-program analyses run, not on the per-method phase's first question
                    () -> {
                        if (z3 != null) {
                            z3.warmUp();
                        }
                    });
            if (program.isEmpty()) {
                return new Result(Map.of(), ElidedAccesses.NONE, ReleaseFree.NONE, Optional.empty());
            }
            AnalysedProgram p = program.get();
            Entailment entailment = z3 != null ? z3 : Entailment.NOTHING_PROVED;
            ProgramWrites modSets = p.modSets();
            AnalysedProgram.Results<Planned> r = p.analyseMethods(MODE, diagnostics, Planned.CODEC, ir -> {
                p.recordReleaseFree(ir);
                CountedEntailment counted = new CountedEntailment(entailment);
                MethodPlan plan = BigFootMethod.plan(ir, p.hierarchy(), p.killSets(), modSets,
                        new RangeCoalescing(counted), p.elided(ir));
                return new Planned(plan, counted.queries());
            });
            Map<MethodKey, MethodPlan> plans = new HashMap<>();
            long queries = 0;
            for (Map.Entry<MethodKey, Planned> e : r.byMethod().entrySet()) {
                queries += e.getValue().z3Queries();
                if (e.getValue().plan() != null) {
                    plans.put(e.getKey(), e.getValue().plan());
                }
            }
            AnalysisStatistics statistics = z3 == null ? r.statistics()
                    : r.statistics().withZ3(queries, queries - z3.stats().solverCalls());
            return new Result(Map.copyOf(plans), p.elidedAccesses(), p.releaseFree(), Optional.of(statistics));
        } finally {
            if (z3 != null) {
                z3.close();
            }
        }
    }

    /** One method's plan (null if it has no checked access) and the entailment questions its analysis asked. */
    private record Planned(MethodPlan plan, int z3Queries) {
        static final ResultCodec<Planned> CODEC = new ResultCodec<>() {
            @Override
            public void write(Planned result, Encoder out) {
                out.writeInt(result.z3Queries());
                out.writeBoolean(result.plan() != null);
                if (result.plan() != null) {
                    PlanCodec.INSTANCE.write(result.plan(), out);
                }
            }

            @Override
            public Planned read(Decoder in) throws Decoder.Malformed {
                int queries = in.readInt();
                return new Planned(in.readBoolean() ? PlanCodec.INSTANCE.read(in) : null, queries);
            }
        };
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
