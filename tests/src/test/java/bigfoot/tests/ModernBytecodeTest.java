package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Programs in package {@code modern} exercise what javac 17 emits (invokedynamic, records, nestmates,
 * sealed types, switch desugaring, ...). Each is rewritten (fasttrack; bigfoot with its moved checks, kept values,
 * edge stubs and exception handlers; and bigfoot with the dynamic escape bit's barriers, typed by the verifier's types)
 * and run under -Xverify:all with the runtime: it must print
 * exactly what the original prints, exit 0, and report no race (all are race-free).
 */
class ModernBytecodeTest {

    private static final String PACKAGE = "modern";

    @TestFactory
    Stream<DynamicTest> rewrittenProgramsBehaveLikeTheOriginals() throws Exception {
        Path dir = Workspace.fresh("modern");
        Path original = Jars.write(dir.resolve("modern.jar"), Jars.packageEntries(MainClasses.testClasses(), PACKAGE));
        List<Class<?>> programs = MainClasses.in(PACKAGE);
        assertTrue(programs.size() >= 6, "modern programs: " + programs);
        Map<String, List<String>> configurations = Map.of("fasttrack", List.of("--mode", "fasttrack"),
                "bigfoot", List.of("--mode", "bigfoot"),
                "dynamic-escape", List.of("--mode", "bigfoot", "--elide", "dynamic-escape"));
        return configurations.keySet().stream().sorted().flatMap(name -> {
            Path rewritten = Rewriter.rewrite(original, dir.resolve("modern-" + name + ".jar"),
                    configurations.get(name).toArray(String[]::new));
            // with the escape bit a program's objects may never leave their thread, and then none of its checks runs
            boolean checks = !name.equals("dynamic-escape");
            return programs.stream().map(c -> NamedTests.of(c.getSimpleName() + " (" + name + ")",
                    () -> compare(c.getName(), original, rewritten, dir.resolve(c.getSimpleName() + "-" + name),
                            checks)));
        });
    }

    private static void compare(String mainClass, Path original, Path rewritten, Path logs, boolean checks)
            throws Exception {
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.plain(original, mainClass), Path.of(logs + "-plain"));
        assertEquals(0, plain.exit(), () -> "the original program itself fails:\n" + plain.stderrTail());
        assertFalse(plain.stdout().isBlank(), "the original program prints nothing");
        Path report = Path.of(logs + ".json");
        ChildJvm.Result checked = ChildJvm.run(ChildJvm.instrumented(rewritten, mainClass, report), logs);
        assertFalse(checked.timedOut(), () -> "timed out; stderr:\n" + checked.stderrTail());
        assertEquals(0, checked.exit(), () -> "rewritten program failed:\n" + checked.stderrTail());
        assertEquals(plain.stdout(), checked.stdout(), "stdout of the rewritten program");
        assertTrue(Files.isRegularFile(report), () -> "no report; stderr:\n" + checked.stderrTail());
        RaceReport r = RaceReport.read(report);
        assertTrue(r.summary().complete(), () -> "the runtime's verdict is incomplete:\n" + checked.stderrTail());
        assertEquals(List.of(), r.races(), "races in a race-free program");
        assertTrue(!checks || r.summary().checks() > 0, "the rewritten program executed no checks");
    }
}
