package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.Language;
import com.ibm.wala.ipa.callgraph.AnalysisOptions;
import com.ibm.wala.ipa.callgraph.CallGraph;
import com.ibm.wala.ipa.callgraph.CallGraphBuilder;
import com.ibm.wala.ipa.callgraph.CallGraphBuilderCancelException;
import com.ibm.wala.ipa.callgraph.Entrypoint;
import com.ibm.wala.ipa.callgraph.impl.Util;
import com.ibm.wala.util.MonitorUtil.IProgressMonitor;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The whole-program call graph, built once with a cheap algorithm under a time budget. When the
 * budget runs out (or there is no entry point) there is no call graph, and the kill sets fall back
 * to class-hierarchy resolution of every call: still sound, less precise. A partial call graph is
 * never used, since its missing edges would make kill sets too small.
 */
public final class ProgramCallGraph {

    public enum Algorithm {
        /** Context-insensitive points-to analysis (what StaticBF's paper uses). */
        ZERO_CFA,
        /** Rapid type analysis: cheaper to build, less precise. */
        RTA
    }

    private final CallGraph graph;
    private final int entryPoints;
    private final Duration buildTime;
    private final String outcome;

    private ProgramCallGraph(CallGraph graph, int entryPoints, Duration buildTime, String outcome) {
        this.graph = graph;
        this.entryPoints = entryPoints;
        this.buildTime = buildTime;
        this.outcome = outcome;
    }

    public static ProgramCallGraph build(WalaProgram program, EntryPoints policy, Algorithm algorithm, Duration budget) {
        List<Entrypoint> entries = policy.of(program);
        if (entries.isEmpty()) {
            return new ProgramCallGraph(null, 0, Duration.ZERO, "no entry points (" + policy + "): kill sets use class-hierarchy resolution");
        }
        AnalysisOptions options = new AnalysisOptions(program.scope(), entries);
        CallGraphBuilder<?> builder = algorithm == Algorithm.RTA
                ? Util.makeRTABuilder(options, program.cache(), program.hierarchy())
                : Util.makeZeroCFABuilder(Language.JAVA, options, program.cache(), program.hierarchy());
        long start = System.nanoTime();
        try {
            CallGraph graph = builder.makeCallGraph(options, new Deadline(start + budget.toNanos()));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            return new ProgramCallGraph(graph, entries.size(), took,
                    algorithm + " call graph: " + graph.getNumberOfNodes() + " nodes from " + entries.size() + " entry points");
        } catch (CallGraphBuilderCancelException e) {
            return withoutGraph(entries.size(), start, algorithm + " call graph exceeded its budget of " + budget.toSeconds() + " s");
        } catch (RuntimeException e) {
            // WALA failing on some unusual bytecode must not end the run: the fallback is sound
            return withoutGraph(entries.size(), start, algorithm + " call graph failed (" + e + ")");
        }
    }

    private static ProgramCallGraph withoutGraph(int entryPoints, long startNanos, String why) {
        return new ProgramCallGraph(null, entryPoints, Duration.ofNanos(System.nanoTime() - startNanos),
                why + ": kill sets use class-hierarchy resolution");
    }

    /** The call graph, or empty when there is none (no entry point, budget exceeded, WALA failed). */
    public Optional<CallGraph> graph() {
        return Optional.ofNullable(graph);
    }

    public int entryPointCount() {
        return entryPoints;
    }

    public Duration buildTime() {
        return buildTime;
    }

    /** One line saying what was built, for the user. */
    public String outcome() {
        return outcome;
    }

    /** Cancels the builder once a deadline has passed; WALA polls it between solver steps. */
    private static final class Deadline implements IProgressMonitor {
        private final long deadlineNanos;

        Deadline(long deadlineNanos) {
            this.deadlineNanos = deadlineNanos;
        }

        @Override
        public boolean isCanceled() {
            return System.nanoTime() > deadlineNanos;
        }

        @Override
        public String getCancelMessage() {
            return "time budget exceeded";
        }

        @Override
        public void beginTask(String task, int totalWork) {
        }

        @Override
        public void subTask(String subTask) {
        }

        @Override
        public void cancel() {
        }

        @Override
        public void done() {
        }

        @Override
        public void worked(int units) {
        }
    }
}
