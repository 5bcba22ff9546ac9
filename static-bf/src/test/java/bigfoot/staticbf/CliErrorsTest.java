package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad command lines and bad inputs: one line on stderr, the right exit code, and no output file. */
class CliErrorsTest {

    @TempDir
    Path work;

    private Path goodJar() {
        return TestJars.writeJar(work.resolve("good.jar"), TestJars.compile(work,
                Map.of("app/Account.java", FieldAndArrayChecksTest.ACCOUNT)));
    }

    /** Runs staticbf writing to work/out/out.jar; asserts one error line, the exit code, and nothing written. */
    private String fails(int exitCode, String... args) throws IOException {
        Path outDir = work.resolve("out");
        Files.createDirectories(outDir);
        TestJars.Run run = TestJars.staticbf(args);
        assertEquals(exitCode, run.exitCode(), run.err());
        assertEquals("", run.out());
        List<String> lines = run.errLines();
        assertEquals(1, lines.size(), run.err());
        assertTrue(lines.get(0).startsWith("staticbf: error: "), lines.get(0));
        try (Stream<Path> files = Files.list(outDir)) {
            assertEquals(List.of(), files.toList(), "no output and no temporary file left behind");
        }
        return lines.get(0);
    }

    private String out() {
        return work.resolve("out/out.jar").toString();
    }

    @Test
    void usageErrorsExitWithTwo() throws IOException {
        String in = goodJar().toString();
        assertEquals("staticbf: error: missing --in (see staticbf --help)", fails(2));
        assertEquals("staticbf: error: missing --out (see staticbf --help)", fails(2, "--in", in));
        assertEquals("staticbf: error: unknown option --fast", fails(2, "--in", in, "--out", out(), "--fast"));
        assertEquals("staticbf: error: unexpected argument 'extra'", fails(2, "--in", in, "--out", out(), "extra"));
        assertEquals("staticbf: error: --out needs a value", fails(2, "--in", in, "--out"));
        assertEquals("staticbf: error: unknown --mode 'fast' (one of: fasttrack, redcard, bigfoot)",
                fails(2, "--in", in, "--out", out(), "--mode", "fast"));
        assertEquals("staticbf: error: unknown --fields 'grouped' (one of: proxies, per-field)",
                fails(2, "--in", in, "--out", out(), "--fields", "grouped"));
        assertTrue(fails(2, "--in", in, "--out", in).contains("--out must differ from --in"));
        assertEquals("staticbf: error: --threads needs a positive number, got '0'",
                fails(2, "--in", in, "--out", out(), "--threads", "0"));
        assertEquals("staticbf: error: --threads needs a positive number, got 'all'",
                fails(2, "--in", in, "--out", out(), "--threads=all"));
    }

    @Test
    void badInputsExitWithOne() throws IOException {
        assertTrue(fails(1, "--in", work.resolve("missing.jar").toString(), "--out", out())
                .startsWith("staticbf: error: input not found: "));
        Path text = Files.writeString(work.resolve("notes.jar"), "not a zip");
        assertTrue(fails(1, "--in", text.toString(), "--out", out()).contains("is not a jar or zip file"));

        Map<String, byte[]> entries = new LinkedHashMap<>(TestJars.readJar(goodJar()));
        entries.put("app/Broken.class", new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 61,
                0x7F, 0x7F, 1, 2});
        Path corrupt = TestJars.writeJar(work.resolve("corrupt.jar"), entries);
        String line = fails(1, "--in", corrupt.toString(), "--out", out());
        assertTrue(line.startsWith("staticbf: error: corrupt class file in entry app/Broken.class of "), line);

        entries.put("app/Broken.class", utf8("hello"));
        Path notClass = TestJars.writeJar(work.resolve("notclass.jar"), entries);
        assertTrue(fails(1, "--in", notClass.toString(), "--out", out()).contains("app/Broken.class"));
    }

    @Test
    void unwritableOutputsExitWithOne() throws IOException {
        String in = goodJar().toString();
        assertTrue(fails(1, "--in", in, "--out", work.resolve("out/no/such/dir/out.jar").toString())
                .contains("does not exist"));
        Path dir = Files.createDirectories(work.resolve("adir"));
        String line = fails(1, "--in", in, "--out", dir.toString());
        assertTrue(line.contains("it is a directory"), line);
    }

    @Test
    void helpGoesToStdout() {
        TestJars.Run run = TestJars.staticbf("--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().startsWith("usage: staticbf --in app.jar --out app-checked.jar"), run.out());
        assertEquals("", run.err());
    }
}
