package bigfoot.staticbf.analysis;

import bigfoot.staticbf.Diagnostics;
import bigfoot.staticbf.wala.EntryPoints;
import bigfoot.staticbf.wala.FrontendException;
import bigfoot.staticbf.wala.KillSets;
import bigfoot.staticbf.wala.MethodIRs;
import bigfoot.staticbf.wala.ProgramCallGraph;
import bigfoot.staticbf.wala.WalaProgram;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ssa.IR;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The whole-program side of the red-card placement: loads the program into WALA once, builds the call
 * graph and kill sets, and runs {@link ReleaseFreeSpans} over every application method. A method WALA
 * cannot analyse keeps every check (fasttrack); so does the whole program if WALA cannot load it.
 */
public final class RedCardAnalysis {

    /** Budget for the call graph; past it the kill sets use class-hierarchy resolution (sound, coarser). */
    private static final Duration CALL_GRAPH_BUDGET = Duration.ofSeconds(60);
    private static final String VERSIONS = "META-INF/versions/";

    private RedCardAnalysis() {
    }

    /** Where no check is needed, per method: (class internal name, name + descriptor) -> bytecode indices. */
    public record Result(Map<MethodKey, Set<Integer>> removable) {
        public Set<Integer> removable(String classInternalName, String nameAndDescriptor) {
            return removable.getOrDefault(new MethodKey(classInternalName, nameAndDescriptor), Set.of());
        }
    }

    public record MethodKey(String classInternalName, String nameAndDescriptor) {
    }

    public static Result analyse(Path application, List<Path> classpath, Diagnostics diagnostics) {
        WalaProgram program;
        try {
            program = WalaProgram.load(WalaProgram.Input.of(List.of(application))
                    .withClasspath(classpath.stream().filter(Files::exists).toList()));
        } catch (FrontendException e) {
            diagnostics.warn("redcard: " + e.getMessage() + "; every access keeps its check, as in fasttrack");
            return new Result(Map.of());
        } catch (RuntimeException e) {
            diagnostics.warn("redcard: WALA cannot load " + application + " (" + e
                    + "); every access keeps its check, as in fasttrack");
            return new Result(Map.of());
        }
        MethodIRs irs = new MethodIRs(program);
        KillSets killSets;
        try {
            ProgramCallGraph callGraph = ProgramCallGraph.build(program, EntryPoints.AUTO,
                    ProgramCallGraph.Algorithm.ZERO_CFA, CALL_GRAPH_BUDGET);
            killSets = KillSets.compute(program, callGraph, irs);
        } catch (RuntimeException e) {
            diagnostics.warn("redcard: cannot compute kill sets (" + e + "); every access keeps its check, as in fasttrack");
            return new Result(Map.of());
        }
        Set<String> multiRelease = multiReleaseClasses(application);
        if (!multiRelease.isEmpty()) {
            diagnostics.warn("redcard: " + multiRelease.size() + " class(es) with multi-release versions keep every "
                    + "check, as in fasttrack (e.g. " + multiRelease.iterator().next() + ")");
        }
        Map<MethodKey, Set<Integer>> removable = new HashMap<>();
        int failed = 0;
        String firstFailure = null;
        for (IMethod m : program.applicationMethods()) {
            if (multiRelease.contains(keyOf(m).classInternalName())) {
                continue;
            }
            try {
                Optional<IR> ir = irs.ir(m);
                if (ir.isEmpty()) {
                    throw new IllegalStateException("no IR");
                }
                Set<Integer> bcis = ReleaseFreeSpans.removableChecks(ir.get(), program.hierarchy(), killSets);
                if (!bcis.isEmpty()) {
                    removable.put(keyOf(m), bcis);
                }
            } catch (RuntimeException | StackOverflowError e) {
                failed++;
                if (firstFailure == null) {
                    firstFailure = m.getSignature() + ": " + e.getMessage();
                }
            }
        }
        if (failed > 0) {
            diagnostics.warn("redcard: " + failed + " method(s) could not be analysed and keep every check, as in "
                    + "fasttrack (first: " + firstFailure + ")");
        }
        return new Result(Map.copyOf(removable));
    }

    /**
     * Classes with a {@code META-INF/versions/N/} entry: the rewriter rewrites every version under one class
     * name, but the analysis saw only one of them, so its bytecode indices cannot be trusted for the others.
     */
    private static Set<String> multiReleaseClasses(Path jar) {
        Set<String> names = new TreeSet<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream().map(ZipEntry::getName).filter(n -> n.startsWith(VERSIONS) && n.endsWith(".class"))
                    .forEach(n -> {
                        String rest = n.substring(VERSIONS.length());
                        int slash = rest.indexOf('/');
                        if (slash > 0) {
                            names.add(rest.substring(slash + 1, rest.length() - ".class".length()));
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e); // WALA read the same jar a moment ago
        }
        return names;
    }

    private static MethodKey keyOf(IMethod m) {
        return new MethodKey(m.getDeclaringClass().getName().toString().substring(1),
                m.getName().toString() + m.getDescriptor().toString());
    }
}
