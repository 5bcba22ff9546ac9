package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.jar.JarRewriter;
import bigfoot.staticbf.placement.Placement;
import bigfoot.staticbf.tool.Diagnostics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

/** The precise-checks verifier catches deliberately wrong placements and names the faulty site. */
class PlacementBugsTest {

    private static final String PACKAGE = "placement";

    @Test
    void aDroppedCheckIsAnUncoveredAccessAtItsSite() throws Exception {
        Path dir = Workspace.fresh("placement-dropped");
        Path in = Jars.write(dir.resolve("placement.jar"), Jars.packageEntries(MainClasses.testClasses(), PACKAGE));
        Path out = dir.resolve("placement-bf.jar");
        // the bug: no check for the worker's write (its access event stays, so the verifier sees the access)
        Placement dropsLambdaWrites = (owner, method, access, bci) ->
                !(access.getOpcode() == Opcodes.PUTFIELD && method.name.startsWith("lambda$"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JarRewriter.rewrite(Options.parse(new String[] {"--in", in.toString(), "--out", out.toString(),
                "--verify-placement"}), dropsLambdaWrites, new Diagnostics(new PrintStream(err, true, StandardCharsets.UTF_8)));

        RaceReport report = run(out, "placement.Tally", dir);
        assertEquals(List.of(), report.races(), "race free");
        assertEquals(1, report.violations().size(), () -> "violations: " + report.violations());
        RaceReport.Violation v = report.violations().get(0);
        assertEquals("uncovered-access", v.kind());
        assertEquals("worker", v.thread());
        assertEquals(new RaceReport.Target("field", "placement.Tally", "count", null), v.target());
        assertEquals("placement.Tally", v.site().className());
        assertTrue(v.site().method().startsWith("lambda$main"), v.site().method());
        assertEquals("Tally.java", v.site().file());
        assertEquals(11, v.site().line());
    }

    @Test
    void theCorrectPlacementOfTheSameProgramIsPrecise() throws Exception {
        Path dir = Workspace.fresh("placement-correct");
        Path in = Jars.write(dir.resolve("placement.jar"), Jars.packageEntries(MainClasses.testClasses(), PACKAGE));
        Path out = Rewriter.rewrite(in, dir.resolve("placement-bf.jar"), "--verify-placement");
        RaceReport report = run(out, "placement.Tally", dir);
        assertEquals(List.of(), report.violations());
        assertEquals(List.of(), report.races());
    }

    @Test
    void aCheckOfALocationNeverAccessedIsIllegitimate() throws Exception {
        Path dir = Workspace.fresh("placement-stray");
        Path jar = Jars.write(dir.resolve("placement.jar"), Jars.packageEntries(MainClasses.testClasses(), PACKAGE));
        RaceReport report = run(jar, "placement.StrayCheck", dir);
        assertEquals(List.of(new RaceReport.Violation("illegitimate-check", "main",
                new RaceReport.Target("static", "placement.StrayCheck", "never", null),
                new RaceReport.SiteRef("placement.StrayCheck", "main", "StrayCheck.java", 30))), report.violations());
    }

    private static RaceReport run(Path jar, String mainClass, Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.instrumented(jar, mainClass, report), dir.resolve("run"));
        assertEquals(0, r.exit(), r::stderrTail);
        return RaceReport.read(report);
    }
}
