package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.rt.demo.RacyCounter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runtime as users run it, in child JVMs: the agent, the launcher, and the plain class path with
 * system properties. The shaded jar only exists after {@code package}, so the test assembles the same
 * jar (bigfoot.rt + bigfoot.ir, Premain-Class and Main-Class) from the compiled classes. The programs
 * are the hand-rewritten demos in {@code bigfoot.rt.demo}.
 */
class AgentEndToEndTest {

    @TempDir
    static Path dir;
    private static Path jar;
    private static String programs;

    private record Run(int status, String out, String err) {
    }

    @BeforeAll
    static void assembleRuntimeJar() throws Exception {
        jar = dir.resolve("dynamic-bf.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", "bigfoot.rt.Agent");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "bigfoot.rt.Launcher");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            copyClasses(location(RT.class), "bigfoot/rt/", out);
            copyClasses(location(Site.class), "bigfoot/ir/", out);
        }
        programs = location(RacyCounter.class).toString();
    }

    @Test
    void launcherReportsARaceWritesJsonAndFailsWith66() throws Exception {
        Path json = dir.resolve("racy.json");
        Run run = java("-jar", jar.toString(), "--report", "json:" + json, "--fail-on-race",
                "-cp", programs, "bigfoot.rt.demo.RacyCounter");
        assertEquals(66, run.status(), run.err());
        assertTrue(run.err().contains("== DynamicBF: write-write race on field bigfoot.rt.demo.RacyCounter.count"), run.err());
        assertTrue(run.err().contains("write by thread \"worker-1\" at bigfoot.rt.demo.RacyCounter.run(RacyCounter.java:14)"), run.err());
        assertTrue(run.err().contains("write by thread \"worker-2\" at bigfoot.rt.demo.RacyCounter.run(RacyCounter.java:14)"), run.err());
        assertTrue(run.err().contains("== DynamicBF summary: 1 race, 2000 checks, 3 threads"), run.err());
        assertTrue(run.err().contains("thread \"worker-1\" was started by \"main\" at bigfoot.rt.demo.RacyCounter.main(RacyCounter.java:"),
                run.err());
        // the current access's callers: run() is called by Thread.run
        assertTrue(run.err().contains("RacyCounter.java:14)\n             called from java.lang.Thread.run(Thread.java:"), run.err());
        String report = Files.readString(json);
        assertTrue(report.matches("(?s)\\{\"races\":\\[\n\\{\"id\":\"[0-9a-f]{16}\",\"kind\":\"write-write\",\"occurrences\":[0-9]+,\"target\":\\{\"type\":\"field\","
                + "\"class\":\"bigfoot.rt.demo.RacyCounter\",\"field\":\"count\",\"index\":null}.*"), report);
        assertTrue(report.endsWith("\"summary\":{\"races\":1,\"checks\":2000,\"threads\":3,\"complete\":true,"
                + "\"arrayShadowBytes\":0,\"suppressed\":0}}\n"), report);
    }

    @Test
    void aRaceThatOccursAgainShowsItsPreviousAccesssCallers() throws Exception {
        Path json = dir.resolve("pingpong.json");
        Run run = java("-jar", jar.toString(), "--report", "json:" + json, "-cp", programs, "bigfoot.rt.demo.PingPong");
        assertEquals(0, run.status(), run.err());
        // both races (ping after pong, pong after ping) occur three times: the second occurrence keeps the callers
        assertTrue(run.err().contains("previous: write by thread \"pinger\" at bigfoot.rt.demo.PingPong.ping(PingPong.java:34)\n"
                + "             called from bigfoot.rt.demo.PingPong.pinger(PingPong.java:"), run.err());
        assertTrue(run.err().contains("previous: write by thread \"ponger\" at bigfoot.rt.demo.PingPong.pong(PingPong.java:39)\n"
                + "             called from bigfoot.rt.demo.PingPong.ponger(PingPong.java:"), run.err());
        String report = Files.readString(json);
        assertEquals(4, report.split("\"callers\":\\[\"bigfoot.rt.demo.PingPong.p[io]nger\\(").length - 1,
                "both accesses of both races list their callers: " + report);
    }

    @Test
    void withAllStacksARaceSeenOnceShowsItsPreviousAccesssCallers() throws Exception {
        Run run = java("-jar", jar.toString(), "--all-stacks", "-cp", programs, "bigfoot.rt.demo.RacyCounter");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.err().matches("(?s).*previous: write by thread \"worker-[12]\" at bigfoot.rt.demo.RacyCounter.run\\(RacyCounter.java:14\\)\n"
                + "             called from java.lang.Thread.run\\(Thread.java:.*"), run.err());
    }

    @Test
    void raceFreeProgramPassesEvenWithFailOnRace() throws Exception {
        Run run = java("-jar", jar.toString(), "--fail-on-race", "-cp", programs, "bigfoot.rt.demo.SafeCounter");
        assertEquals(0, run.status(), run.err());
        assertEquals("total 1000\n", run.out());
        assertTrue(run.err().startsWith("== DynamicBF summary: 0 races, "), run.err());
        // 2 x 500 locked increments (a read and a write each), Limit's init write, 2 static reads, main's read
        assertTrue(run.err().endsWith(", 2004 checks, 3 threads\n"), run.err());
    }

    @Test
    void adaptiveArraysCommitFootprintsAtJoinsAndAtExit() throws Exception {
        for (String mode : new String[] {"fine", "adaptive"}) {
            Path json = dir.resolve("halves-" + mode + ".json");
            Run safe = java("-javaagent:" + jar + "=arrays=" + mode + ",report=json:" + json, "-cp", programs,
                    "bigfoot.rt.demo.ArrayHalves");
            assertTrue(safe.err().contains("== DynamicBF summary: 0 races"), mode + ": " + safe.err());
            String shadows = Files.readString(json).replaceAll("(?s).*\"arrayShadowBytes\":(\\d+).*", "$1");
            assertEquals(String.valueOf(mode.equals("fine") ? ArrayShadow.wordBytes(1000)
                    : 2 * UniformWords.BYTES + Segments.bytesToHold(2)), shadows,
                    mode + ": array shadow bytes (fine: the words of 1000 elements; adaptive: one state in words per half, and their table)");
            Run racy = java("-javaagent:" + jar + "=arrays=" + mode, "-cp", programs, "bigfoot.rt.demo.ArrayHalves", "racy");
            assertTrue(racy.err().contains("== DynamicBF: write-write race on array int[] index 0\n"), mode + ": " + racy.err());
            assertTrue(racy.err().contains("== DynamicBF summary: 1 race"), mode + ": " + racy.err());
        }
    }

    @Test
    void agentReportsAlsoWhenMainDiesOfAnUncaughtException() throws Exception {
        Run run = java("-javaagent:" + jar + "=quiet", "-Dbigfoot.quiet=false", "-cp", programs,
                "bigfoot.rt.demo.RacyCounter", "crash");
        assertEquals(1, run.status());
        assertTrue(run.err().contains("java.lang.IllegalStateException: boom"), run.err());
        assertFalse(run.err().contains("== DynamicBF summary"), "the agent's quiet wins over the property");

        Run loud = java("-javaagent:" + jar, "-cp", programs, "bigfoot.rt.demo.RacyCounter", "crash");
        assertEquals(1, loud.status());
        assertTrue(loud.err().contains("== DynamicBF summary: 1 race, 2000 checks"), loud.err());
    }

    @Test
    void runtimeOnTheClassPathConfiguredBySystemProperties() throws Exception {
        Path json = dir.resolve("props.json");
        Run run = java("-Dbigfoot.report=json:" + json, "-Dbigfoot.failOnRace=true",
                "-cp", jar + File.pathSeparator + programs, "bigfoot.rt.demo.RacyCounter");
        assertEquals(66, run.status(), run.err());
        assertTrue(Files.readString(json).contains("\"summary\":{\"races\":1,"));
    }

    @Test
    void internalFailureDisablesDetectionWithoutDisturbingTheProgram() throws Exception {
        Run run = java("-javaagent:" + jar, "-cp", programs, "bigfoot.rt.demo.BrokenRewrite");
        assertEquals(0, run.status(), run.err());
        assertEquals("still running\n", run.out());
        List<String> warnings = run.err().lines().filter(l -> l.startsWith("DynamicBF: internal error")).toList();
        assertEquals(1, warnings.size(), run.err());
        assertTrue(run.err().contains("this report is incomplete"), run.err());
    }

    @Test
    void badAgentOptionIsOneLineAndStatus2() throws Exception {
        Run run = java("-javaagent:" + jar + "=report=json:x.json,verbose", "-cp", programs, "bigfoot.rt.demo.SafeCounter");
        assertEquals(2, run.status());
        assertEquals("DynamicBF: unknown agent option 'verbose' (expected report=json|sarif|html:FILE, suppress=FILE, fail-on-race, quiet, all-stacks, arrays=fine|adaptive, find-capsules=FILE, record=FILE, tool=NAME, load-time=CLASSPATH)\n", run.err());
        assertEquals("", run.out());
    }

    @Test
    void launcherBadUsageIsOneLineAndStatus2() throws Exception {
        Run run = java("-jar", jar.toString(), "--verbose", "Main");
        assertEquals(2, run.status());
        assertEquals("dynamicbf: unknown option --verbose (try --help)\n", run.err());
        Run help = java("-jar", jar.toString(), "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().startsWith(LaunchRequest.USAGE + "\n"), help.out());
    }

    // ---------------------------------------------------------------- helpers

    private static Run java(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Launcher.javaBinary());
        cmd.addAll(Arrays.asList(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("child JVM did not finish: " + cmd);
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Path location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Copies every {@code prefix*} entry of a class directory or jar into {@code out}. */
    private static void copyClasses(Path from, String prefix, JarOutputStream out) throws IOException {
        if (Files.isDirectory(from)) {
            try (Stream<Path> files = Files.walk(from.resolve(prefix))) {
                for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                    add(out, from.relativize(f).toString().replace(File.separatorChar, '/'), Files.newInputStream(f));
                }
            }
            return;
        }
        try (JarFile source = new JarFile(from.toFile())) {
            for (JarEntry e : (Iterable<JarEntry>) source.stream()::iterator) {
                if (e.getName().startsWith(prefix) && !e.isDirectory()) {
                    add(out, e.getName(), source.getInputStream(e));
                }
            }
        }
    }

    private static void add(JarOutputStream out, String name, InputStream in) throws IOException {
        try (in) {
            out.putNextEntry(new JarEntry(name));
            in.transferTo(out);
            out.closeEntry();
        }
    }
}
