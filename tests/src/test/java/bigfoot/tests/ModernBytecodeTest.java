package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Programs in package {@code modern} exercise what javac 17 emits (invokedynamic, records, nestmates,
 * sealed types, switch desugaring, ...). Each is rewritten (fasttrack, and bigfoot with its moved checks,
 * kept values, edge stubs and exception handlers) and run under -Xverify:all with the runtime: it must print
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
        return Stream.of("fasttrack", "bigfoot").flatMap(mode -> {
            Path rewritten = Rewriter.rewrite(original, dir.resolve("modern-" + mode + ".jar"), "--mode", mode);
            return programs.stream().map(c -> NamedTests.of(c.getSimpleName() + " (" + mode + ")",
                    () -> compare(c.getName(), original, rewritten, dir.resolve(c.getSimpleName() + "-" + mode))));
        });
    }

    private static void compare(String mainClass, Path original, Path rewritten, Path logs) throws Exception {
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
        assertTrue(r.summary().checks() > 0, "the rewritten program executed no checks");
    }
}
