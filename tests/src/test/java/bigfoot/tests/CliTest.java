package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.RuntimeApi;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The StaticBF command line (through StaticBF.run) and the runtime's launcher (java -jar runtime.jar ...). */
class CliTest {

    @TempDir
    Path dir;

    // ---- StaticBF: bad input is one line on stderr, a non-zero exit, and no output file ----

    @Test
    void missingInputFile() {
        expectOneLineFailure(1, "--in", dir.resolve("absent.jar").toString(), "--out", out());
    }

    @Test
    void inputThatIsNotAZip() throws Exception {
        Path notZip = Files.writeString(dir.resolve("text.jar"), "this is not a zip file\n");
        expectOneLineFailure(1, "--in", notZip.toString(), "--out", out());
    }

    @Test
    void corruptClassEntry() throws Exception {
        Map<String, byte[]> entries = corpusEntries();
        entries.put("corpus/Broken.class", new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 61, 9});
        Path jar = Jars.write(dir.resolve("broken.jar"), entries);
        expectOneLineFailure(1, "--in", jar.toString(), "--out", out());
    }

    @Test
    void unknownOption() throws Exception {
        Path jar = Jars.write(dir.resolve("in.jar"), corpusEntries());
        expectOneLineFailure(2, "--in", jar.toString(), "--out", out(), "--frobnicate");
    }

    @Test
    void unknownMode() throws Exception {
        Path jar = Jars.write(dir.resolve("in.jar"), corpusEntries());
        expectOneLineFailure(2, "--in", jar.toString(), "--out", out(), "--mode", "psychic");
    }

    @Test
    void noInputOption() {
        expectOneLineFailure(2, "--out", out());
    }

    private void expectOneLineFailure(int exit, String... args) {
        Rewriter.CliResult r = Rewriter.run(args);
        assertEquals(exit, r.exit(), () -> "exit code; stderr:\n" + r.err());
        assertEquals(1, r.errLines().size(), () -> "stderr must be exactly one line:\n" + r.err());
        assertFalse(r.err().contains("\tat "), "stack trace on stderr");
        assertFalse(Files.exists(Path.of(out())), "output file created on failure");
    }

    // ---- StaticBF: the output keeps every input entry ----

    @Test
    void outputKeepsEveryEntryAndRewritesClasses() throws Exception {
        Map<String, byte[]> in = corpusEntries();
        in.put("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\nMain-Class: corpus.UnsyncCounter\r\n\r\n"
                .getBytes(StandardCharsets.UTF_8));
        in.put("META-INF/services/java.lang.Runnable", "corpus.Nothing\n".getBytes(StandardCharsets.UTF_8));
        in.put("data/greeting.txt", "hello\n".getBytes(StandardCharsets.UTF_8));
        in.put("data/empty.bin", new byte[0]);
        Path jar = Jars.write(dir.resolve("in.jar"), in);
        Rewriter.rewrite(jar, Path.of(out()));
        Map<String, byte[]> result = Jars.read(Path.of(out()));
        List<String> missing = new ArrayList<>(in.keySet());
        missing.removeAll(result.keySet());
        assertEquals(List.of(), missing, "entries dropped by StaticBF");
        for (Map.Entry<String, byte[]> e : in.entrySet()) {
            if (!e.getKey().endsWith(".class")) {
                assertArrayEquals(e.getValue(), result.get(e.getKey()), "resource changed: " + e.getKey());
            }
        }
        byte[] counter = result.get("corpus/UnsyncCounter.class");
        assertTrue(new String(counter, StandardCharsets.ISO_8859_1).contains(RuntimeApi.SITE_BASE_FIELD),
                "UnsyncCounter was not rewritten");
        assertTrue(result.containsKey(RuntimeApi.METADATA_RESOURCE), "no " + RuntimeApi.METADATA_RESOURCE);
    }

    // ---- the runtime's launcher ----

    @Test
    void launcherPropagatesExitCodeAndWritesReport() throws Exception {
        Path report = dir.resolve("exit.json");
        ChildJvm.Result r = launch(List.of("--report", "json:" + report), "corpus.SystemExitReport");
        assertEquals(3, r.exit(), () -> "exit code through the launcher; stderr:\n" + r.stderrTail());
        assertEquals(java.util.Set.of("corpus.SystemExitReport.count"), RaceReport.read(report).locations());
    }

    @Test
    void failOnRaceMakesARacyProgramFail() throws Exception {
        Path report = dir.resolve("racy.json");
        ChildJvm.Result r = launch(List.of("--report", "json:" + report, "--fail-on-race"), "corpus.UnsyncCounter");
        // 66: the status the launcher documents for "races found" (its --help)
        assertEquals(66, r.exit(), () -> "racy program under --fail-on-race; stderr:\n" + r.stderrTail());
        assertEquals(java.util.Set.of("corpus.UnsyncCounter.count"), RaceReport.read(report).locations());
        assertTrue(r.stderr().contains("corpus.UnsyncCounter.count"), () -> "no text report on stderr:\n" + r.stderr());
    }

    @Test
    void failOnRaceLetsARaceFreeProgramPass() throws Exception {
        ChildJvm.Result r = launch(List.of("--fail-on-race"), "corpus.SyncBlockCounter");
        assertEquals(0, r.exit(), () -> "race-free program under --fail-on-race; stderr:\n" + r.stderrTail());
        assertTrue(r.stdout().contains("count 1500"), r.stdout());
    }

    /** A report that cannot be written, or suppressions that cannot be read, stop the run before the program starts. */
    @Test
    void unwritableReportsAndMissingSuppressionsFailBeforeTheProgramRuns() throws Exception {
        Path noDir = dir.resolve("no-such-dir").resolve("x.json");
        Path missing = dir.resolve("missing.rules");
        Map<List<String>, String> cases = Map.of(
                List.of("--report", "json:" + noDir), "DynamicBF: cannot write the json report " + noDir + ": directory "
                        + noDir.getParent() + " does not exist",
                List.of("--report", "html:" + dir), "DynamicBF: cannot write the html report " + dir + ": it is a directory",
                List.of("--suppress", missing.toString()), "DynamicBF: cannot read the suppressions file " + missing
                        + ": no such file",
                List.of("--record", noDir.toString()), "DynamicBF: cannot write the trace " + noDir + ": its directory "
                        + noDir.getParent() + " does not exist or is not writable",
                List.of("--record", dir.resolve("t.std").toString(), "--tool", "djit"), "DynamicBF: record a run with "
                        + "FastTrack2 (no tool), then analyse the trace with djit: dynamicbf --analyze TRACE --tool djit");
        for (Map.Entry<List<String>, String> c : cases.entrySet()) {
            ChildJvm.Result r = launch(c.getKey(), "corpus.SyncBlockCounter");
            assertEquals(2, r.exit(), () -> c.getKey() + "; stderr:\n" + r.stderrTail());
            assertEquals(c.getValue(), r.stderr().strip(), c.getKey().toString());
            assertEquals("", r.stdout(), "the program did not run");
        }
    }

    /** A run recorded by the launcher, analysed offline by another tool with the run's report formats; and run live under it. */
    @Test
    void aRecordedRunIsAnalysedOfflineAndTheToolAlsoRunsLive() throws Exception {
        Path trace = dir.resolve("counter.std");
        ChildJvm.Result run = launch(List.of("--record", trace.toString(), "--quiet"), "corpus.UnsyncCounter");
        assertEquals(0, run.exit(), run::stderrTail);
        assertTrue(run.stderr().isEmpty(), "quiet: no report and no recording line; stderr:\n" + run.stderr());
        Path offline = dir.resolve("counter-djit.json");
        ChildJvm.Result analysis = ChildJvm.run(List.of("-jar", ChildJvm.runtimeJar().toString(), "--tool", "djit",
                "--analyze", trace.toString(), "--report", "json:" + offline), dir.resolve("analyze"));
        assertEquals(0, analysis.exit(), analysis::stderrTail);
        assertTrue(analysis.stdout().contains("djit: "), analysis.stdout());
        assertEquals(java.util.Set.of("corpus.UnsyncCounter.count"), RaceReport.read(offline).locations());
        Path live = dir.resolve("counter-live-djit.json");
        ChildJvm.Result tool = launch(List.of("--tool", "djit", "--report", "json:" + live), "corpus.UnsyncCounter");
        assertEquals(0, tool.exit(), tool::stderrTail);
        assertTrue(tool.stderr().contains("the checks went to djit"), tool::stderrTail);
        assertEquals(java.util.Set.of("corpus.UnsyncCounter.count"), RaceReport.read(live).locations());
    }

    /** The launcher takes java's options: -D and -X options reach the program's JVM, and -jar runs a jar's Main-Class. */
    @Test
    void jvmOptionsAndJarRunAsWithJava() throws Exception {
        Path report = dir.resolve("property.json");
        ChildJvm.Result r = launch(List.of("-Xmx128m", "-Dbigfoot.report=json:" + report, "-XX:+UseSerialGC"),
                "corpus.UnsyncCounter");
        assertEquals(0, r.exit(), r::stderrTail);
        assertEquals(java.util.Set.of("corpus.UnsyncCounter.count"), RaceReport.read(report).locations(),
                "the report the -D property asked for");

        Map<String, byte[]> entries = new TreeMap<>(Jars.read(RewrittenJars.corpus()));
        entries.put("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\nMain-Class: corpus.SyncBlockCounter\n\n"
                .getBytes(StandardCharsets.UTF_8));
        Path app = Jars.write(dir.resolve("app-checked.jar"), entries);
        ChildJvm.Result jar = ChildJvm.run(List.of("-jar", ChildJvm.runtimeJar().toString(), "-jar", app.toString()),
                dir.resolve("launch-jar"));
        assertEquals(0, jar.exit(), jar::stderrTail);
        assertTrue(jar.stdout().contains("count 1500"), jar.stdout());
    }

    /**
     * {@code bin/dynamicbf --analyze}: an offline analysis of a trace, with no program to run (the script gives the
     * launcher no load-time rewriter then): the SHB paper's Fig. 1, whose second race SHB knows cannot happen.
     */
    @Test
    void theLauncherScriptAnalysesATraceOffline() throws Exception {
        Path script = Path.of(System.getProperty("bigfoot.runtime.jar")).toAbsolutePath().getParent().getParent()
                .getParent().resolve("bin/dynamicbf");                 // the project's own, next to dynamic-bf/target
        Path trace = Files.writeString(dir.resolve("run.std"), "T1|w(x)|A:1\nT1|w(y)|A:2\nT0|r(y)|B:1\nT0|r(x)|B:2\n");
        Process analysis = new ProcessBuilder(script.toString(), "--analyze", trace.toString(), "--tool", "shb",
                "--fail-on-race").redirectErrorStream(true).start();
        String out = new String(analysis.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(66, analysis.waitFor(), out);
        assertEquals(List.of("dynamicbf: " + trace + ": 4 events, 2 threads; shb: 1 race(s) on 1 variable(s)",
                "write-read race on y: T1 w at event 1 (loc A:2) / T0 r at event 2 (loc B:1)"), out.lines().toList());
    }

    /**
     * {@code bin/staticbf --daemon}: the script's client starts this build's daemon, which writes the jar a run without
     * it writes, from paths relative to the client's directory; {@code --stop-daemon} ends it.
     */
    @Test
    void theScriptsDaemonWritesTheJarARunWithoutItWrites() throws Exception {
        Path script = Path.of(System.getProperty("bigfoot.runtime.jar")).toAbsolutePath().getParent().getParent()
                .getParent().resolve("bin/staticbf");
        Jars.write(dir.resolve("in.jar"), corpusEntries());
        Path daemonDir = dir.resolve("daemon");
        List<String> alone = staticbfScript(script, daemonDir, "--in", "in.jar", "--out", "alone.jar");
        assertTrue(alone.get(0).startsWith("staticbf: wrote alone.jar"), alone.toString());
        List<String> daemon = staticbfScript(script, daemonDir, "--daemon", "--in", "in.jar", "--out", "daemon.jar");
        assertTrue(daemon.get(0).startsWith("staticbf: wrote " + dir.resolve("daemon.jar")), daemon.toString());
        assertArrayEquals(Files.readAllBytes(dir.resolve("alone.jar")), Files.readAllBytes(dir.resolve("daemon.jar")));
        List<String> byDefault = staticbfScript(script, daemonDir, "STATICBF_DAEMON=on", "--in", "in.jar", "--out",
                "default.jar");
        assertTrue(byDefault.get(0).startsWith("staticbf: wrote " + dir.resolve("default.jar")), byDefault.toString());
        assertArrayEquals(Files.readAllBytes(dir.resolve("alone.jar")), Files.readAllBytes(dir.resolve("default.jar")));
        Path lock;
        try (var files = Files.list(daemonDir)) {
            lock = files.filter(f -> f.toString().endsWith(".lock")).findFirst().orElseThrow();
        }
        try (var logs = Files.list(daemonDir)) {
            Path log = logs.filter(f -> f.toString().endsWith(".log")).findFirst().orElseThrow();
            assertEquals(1, Files.readAllLines(log).stream().filter(l -> l.contains(": serving ")).count(),
                    "one daemon made both runs");
        }
        assertTrue(staticbfScript(script, daemonDir, "--stop-daemon").get(0).startsWith("staticbf: the daemon stops"));
        for (long deadline = System.nanoTime() + 60_000_000_000L; ; Thread.sleep(100)) {
            try (var c = java.nio.channels.FileChannel.open(lock, java.nio.file.StandardOpenOption.WRITE);
                    var held = c.tryLock()) {
                if (held != null) {
                    break; // the daemon has ended
                }
            }
            assertTrue(System.nanoTime() < deadline, "the daemon did not end");
        }
    }

    /**
     * Runs {@code bin/staticbf} in this test's directory (a first argument {@code NAME=VALUE} is put in its
     * environment); asserts it succeeded and returns what it printed.
     */
    private List<String> staticbfScript(Path script, Path daemonDir, String... args) throws Exception {
        List<String> rest = new ArrayList<>(List.of(args));
        String[] variable = !rest.isEmpty() && rest.get(0).contains("=") ? rest.remove(0).split("=", 2) : null;
        List<String> command = new ArrayList<>(List.of(script.toString()));
        command.addAll(rest);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("STATICBF_DAEMON_DIR", daemonDir.toString());
        pb.environment().put("STATICBF_DAEMON_IDLE", "120");
        if (variable != null) {
            pb.environment().put(variable[0], variable[1]);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out.lines().toList();
    }

    /** Ending the launcher (SIGTERM) ends the program too, whose report is still written: no child is left running. */
    @Test
    void killingTheLauncherEndsTheProgramAndKeepsItsReport() throws Exception {
        Path report = dir.resolve("killed.json");
        Process launcher = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                ChildJvm.runtimeJar().toString(), "--report", "json:" + report, "-cp", MainClasses.testClasses().toString(),
                Sleeper.class.getName()).redirectErrorStream(true).start();
        List<ProcessHandle> children = List.of();
        try {
            java.io.BufferedReader out = new java.io.BufferedReader(
                    new java.io.InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8));
            String first = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (java.io.IOException e) {
                    return null;
                }
            }).get(60, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals("ready", first);
            children = launcher.descendants().toList();
            assertFalse(children.isEmpty(), "the program runs in a child JVM");
            launcher.destroy();
            assertTrue(launcher.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the launcher ended");
            for (ProcessHandle child : children) {
                child.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
                assertFalse(child.isAlive(), "child " + child.pid() + " outlived the launcher");
            }
            assertTrue(Files.isRegularFile(report), "the program's report was written as it ended");
            assertEquals(0, RaceReport.read(report).races().size());
        } finally {
            children.forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }

    private ChildJvm.Result launch(List<String> options, String mainClass) throws Exception {
        List<String> args = new ArrayList<>(List.of("-jar", ChildJvm.runtimeJar().toString()));
        args.addAll(options);
        args.addAll(List.of("-cp", RewrittenJars.corpus().toString(), mainClass));
        ChildJvm.Result r = ChildJvm.run(args, dir.resolve("launch"));
        assertFalse(r.timedOut(), "launcher timed out");
        return r;
    }

    private String out() {
        return dir.resolve("out.jar").toString();
    }

    private static Map<String, byte[]> corpusEntries() throws Exception {
        return new TreeMap<>(Jars.packageEntries(MainClasses.testClasses(), Corpus.PACKAGE));
    }
}
