package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static bigfoot.staticbf.TestJars.runtimeCalls;
import static org.junit.jupiter.api.Assertions.assertEquals;

import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.jar.JarRewriter;
import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.placement.MethodPlan.PlannedCheck;
import bigfoot.staticbf.placement.Placement;
import bigfoot.staticbf.rewrite.Counts;
import bigfoot.staticbf.tool.Diagnostics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * A plan that does not fit its method's code (it names a position the code does not have) is not followed: one
 * warning names the method, each of its accesses keeps its own check, and the field proxies see those checks, not
 * the plan's.
 */
class PlanFitTest {

    private static final String POINT = """
            package pf;

            public class Point {
                int x, y;

                void set(int n) {
                    x = n;
                    y = n;
                }
            }
            """;

    @TempDir
    Path work;

    /** Checks both fields of {@code set} together at a position past the end of its code. */
    private static final Placement MISPLACED = new Placement() {
        @Override
        public boolean checksAccess(ClassNode owner, MethodNode method, AbstractInsnNode access, int bytecodeIndex) {
            return true;
        }

        @Override
        public Optional<MethodPlan> plan(ClassNode owner, MethodNode method) {
            if (!method.name.equals("set")) {
                return Optional.empty();
            }
            List<PlannedCheck> both = List.of(new PlannedCheck(2, true, 1, -1, null, null),
                    new PlannedCheck(7, true, 1, -1, null, null));
            return Optional.of(new MethodPlan(Set.of(2, 7), Map.of(9_999, both), Map.of(), Map.of(), Map.of(), Map.of(),
                    Set.of(), Map.of(), 1));
        }
    };

    @Test
    void aPlanNamingPositionsTheCodeLacksIsNotFollowedAndSaysSo() throws Exception {
        Path in = TestJars.writeJar(work.resolve("in.jar"), TestJars.compile(work, Map.of("pf/Point.java", POINT)));
        Path out = work.resolve("out.jar");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Counts counts = JarRewriter.rewrite(Options.parse(new String[] {"--in", in.toString(), "--out", out.toString()}),
                MISPLACED, new Diagnostics(new PrintStream(err, true, StandardCharsets.UTF_8)));
        String warnings = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, warnings.lines().filter(l -> l.contains("does not match its bytecode")).count(), warnings);
        assertEquals(1, warnings.lines().filter(l -> l.contains("the analysis of pf.Point.set(I)V")).count(), warnings);
        assertEquals(List.of("writeField", "writeField"), runtimeCalls(method(classNode(out, "pf.Point"), "set")),
                "each access keeps its own check");
        assertEquals(0, counts.proxyGroups(), "x and y are checked apart, so they share no shadow");
    }
}
