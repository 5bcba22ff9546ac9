package bigfoot.staticbf.wala;

import bigfoot.staticbf.TestJars;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CallGraph;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Entry-point policies and algorithms on a library (no main method). */
class ProgramCallGraphTest {
    private static final String LIBRARY = """
            package lib;
            public class Counter {
                private int n;
                public void increment() { bump(); }
                private void bump() { synchronized (this) { n++; } }
                public int peek() { return n; }
                static void internalOnly() { }
            }
            """;

    @TempDir
    static Path dir;
    static WalaProgram program;

    @BeforeAll
    static void load() throws Exception {
        program = WalaProgram.load(WalaProgram.Input.of(List.of(TestJars.compileToJar(dir, "lib.jar", Map.of("lib.Counter", LIBRARY)))));
    }

    @Test
    void aLibraryIsEnteredThroughItsPublicMethods() {
        ProgramCallGraph cg = ProgramCallGraph.build(program, EntryPoints.AUTO, ProgramCallGraph.Algorithm.ZERO_CFA, Duration.ofMinutes(2));
        CallGraph graph = cg.graph().orElseThrow();
        assertEquals(3, cg.entryPointCount(), "increment, peek and the public constructor");
        assertTrue(reached(graph, "bump"), "private methods called from public ones are reached");
        assertFalse(reached(graph, "internalOnly"));
        assertEquals(KillSet.BOTH, KillSets.compute(program, cg, new MethodIRs(program)).of(method("increment")));
    }

    @Test
    void mainMethodsOnlyGivesNoCallGraphForALibrary() {
        ProgramCallGraph cg = ProgramCallGraph.build(program, EntryPoints.MAIN_METHODS, ProgramCallGraph.Algorithm.ZERO_CFA, Duration.ofMinutes(2));
        assertTrue(cg.graph().isEmpty());
        assertEquals("no entry points (MAIN_METHODS): kill sets use class-hierarchy resolution", cg.outcome());
        // kill sets are still computed, from the class hierarchy
        assertEquals(KillSet.BOTH, KillSets.compute(program, cg, new MethodIRs(program)).of(method("increment")));
    }

    @Test
    void rtaBuildsACallGraphToo() {
        ProgramCallGraph cg = ProgramCallGraph.build(program, EntryPoints.PUBLIC_METHODS, ProgramCallGraph.Algorithm.RTA, Duration.ofMinutes(2));
        assertTrue(reached(cg.graph().orElseThrow(), "bump"));
        assertTrue(cg.outcome().startsWith("RTA call graph: "), cg.outcome());
    }

    private static boolean reached(CallGraph graph, String name) {
        return !graph.getNodes(method(name).getReference()).isEmpty();
    }

    private static IMethod method(String name) {
        return program.applicationMethods().stream().filter(m -> m.getName().toString().equals(name)).findFirst().orElseThrow();
    }
}
