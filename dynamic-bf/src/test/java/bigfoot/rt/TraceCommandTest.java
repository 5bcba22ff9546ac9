package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.rt.trace.StdTrace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dynamicbf --analyze TRACE [--tool NAME] [--fail-on-race]}: what a user sees. */
class TraceCommandTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) throws Exception {
        return TraceCommand.run(TraceCommand.parse(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private List<String> outLines() {
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private Path trace(String text) throws Exception {
        return Files.writeString(dir.resolve("t.std"), text);
    }

    @Test
    void eachDistinctRaceIsPrintedOnceWithBothEvents() throws Exception {
        Path t = trace("""
                T0|fork(T1)|Main:3
                T0|w(count)|Main:4
                T1|w(count)|Worker:9
                T0|w(count)|Main:4
                T1|w(count)|Worker:9
                T1|r(seen)|Worker:10
                """);
        assertEquals(0, run("--analyze", t.toString()));
        assertEquals(List.of("dynamicbf: " + t + ": 6 events, 2 threads; ft2: 2 race(s) on 1 variable(s)",
                "write-write race on count: T0 w at event 1 (loc Main:4) / T1 w at event 2 (loc Worker:9) (2 times)",
                "write-write race on count: T1 w at event 2 (loc Worker:9) / T0 w at event 3 (loc Main:4)"), outLines());
        out.reset();
        assertEquals(Config.RACE_EXIT_STATUS, run("--analyze", t.toString(), "--tool", "djit", "--fail-on-race"));
        assertEquals(0, run("--analyze", t.toString(), "--tool", "empty", "--fail-on-race"));
    }

    @Test
    void badInputIsOneLine() throws Exception {
        assertEquals(1, run("--analyze", dir.resolve("missing.std").toString()));
        assertEquals(1, err.toString(StandardCharsets.UTF_8).lines().count());
        err.reset();
        assertEquals(1, run("--analyze", trace("T0|w(x)|1\nT1 r x\n").toString()));
        assertEquals(List.of("dynamicbf: " + dir.resolve("t.std") + ": line 2: not an STD event (T<n>|op(target)|loc): "
                + "'T1 r x'"), err.toString(StandardCharsets.UTF_8).lines().toList());
        assertEquals("--tool: unknown tool 'fasttrack' (one of: ft2, ft1, djit, basicvc, goldilocks, shb, eraser, empty)",
                assertThrows(LaunchRequest.UsageException.class,
                        () -> TraceCommand.parse(new String[] {"--analyze", "t.std", "--tool", "fasttrack"})).getMessage());
        assertEquals("--analyze needs a value", assertThrows(LaunchRequest.UsageException.class,
                () -> TraceCommand.parse(new String[] {"--analyze"})).getMessage());
        assertEquals("--tool needs --analyze TRACE", assertThrows(LaunchRequest.UsageException.class,
                () -> TraceCommand.parse(new String[] {"--tool", "djit"})).getMessage());
    }

    @Test
    void aTraceNamedGzIsCompressed() throws Exception {
        Path gz = dir.resolve("t.std.gz");
        try (Writer w = StdTrace.create(gz)) {
            w.write("T0|fork(T1)|Main:3\nT0|w(count)|Main:4\nT1|w(count)|Worker:9\n");
        }
        assertEquals(0x1f, Files.readAllBytes(gz)[0] & 0xff, "gzip's magic number");
        assertEquals(0, run("--analyze", gz.toString()));
        assertEquals("dynamicbf: " + gz + ": 3 events, 2 threads; ft2: 1 race(s) on 1 variable(s)", outLines().get(0));
        Path notGz = Files.writeString(dir.resolve("plain.std.gz"), "T0|w(x)|1\n");
        assertEquals(1, run("--analyze", notGz.toString()));
        assertEquals(List.of("dynamicbf: cannot read " + notGz + ": Not in GZIP format"),
                err.toString(StandardCharsets.UTF_8).lines().toList());
    }

    @Test
    void onlyALeadingAnalyzeAsksForAnAnalysis() {
        assertTrue(TraceCommand.isAnalysis(new String[] {"--analyze", "t.std"}));
        assertTrue(TraceCommand.isAnalysis(new String[] {"--tool", "shb", "--analyze", "t.std"}));
        assertFalse(TraceCommand.isAnalysis(new String[] {"-cp", "app.jar", "app.Main", "--analyze", "input"}),
                "the program's own argument");
        assertFalse(TraceCommand.isAnalysis(new String[] {"--tool", "shb", "-cp", "app.jar", "app.Main"}),
                "a run under a tool");
    }
}
