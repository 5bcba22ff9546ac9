package bigfoot.staticbf.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.staticbf.TestJars;
import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.tool.StaticBfException;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code staticbf --daemon}: the same output as without it, its ends, and every way it can fail to make the run. */
class DaemonTest {

    private static final String ACCOUNT = """
            package app;
            public class Account {
                private int balance;
                public synchronized void deposit(int n) { balance += n; }
                public int balance() { return balance; }
            }
            """;

    @TempDir
    static Path work;
    private static Path program;
    /** The daemon most tests share (started by the first that needs it, stopped at the end). */
    private static Map<String, String> shared;

    @BeforeAll
    static void program() {
        program = TestJars.compileToJar(work, "app.jar", Map.of("app.Account", ACCOUNT));
        shared = environment("shared", "120");
    }

    @AfterAll
    static void stopTheSharedDaemon() throws Exception {
        if (program == null) {
            return;
        }
        Run stop = client(shared, "--stop-daemon");
        assertEquals(0, stop.code(), stop.err());
        assertEnds(files(shared));
    }

    private record Run(int code, String out, String err) {
    }

    private static Map<String, String> environment(String dir, String idleSeconds) {
        return Map.of(DaemonFiles.DIR_ENVIRONMENT, work.resolve(dir).toString(), DaemonClient.IDLE_ENVIRONMENT,
                idleSeconds);
    }

    /** staticbf run through {@link DaemonClient} in {@code environment}; a run it makes itself uses StaticBF's. */
    private static Run client(Map<String, String> environment, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("--daemon"));
        all.addAll(List.of(args));
        int code = DaemonClient.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, DaemonTest::local, environment);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static int local(String[] args, PrintStream out, PrintStream err, boolean terminal) {
        TestJars.Run run = TestJars.staticbf(args);
        out.print(run.out());
        err.print(run.err());
        return run.exitCode();
    }

    private static DaemonFiles files(Map<String, String> environment) throws IOException {
        return DaemonFiles.forThisBuild(ManagementFactory.getRuntimeMXBean().getInputArguments(), environment);
    }

    /** Waits until the daemon of {@code files} has ended: its socket removed and its lock free. */
    private static void assertEnds(DaemonFiles files) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!Files.exists(files.socket()) && lockFree(files)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the daemon of " + files.socket() + " did not end");
    }

    private static boolean lockFree(DaemonFiles files) throws IOException {
        if (!Files.exists(files.lock())) {
            return true;
        }
        try (FileChannel c = FileChannel.open(files.lock(), StandardOpenOption.WRITE); FileLock lock = c.tryLock()) {
            return lock != null;
        }
    }

    private static String[] rewrite(String out) {
        return new String[] {"--in", program.toString(), "--out", work.resolve(out).toString(), "--mode", "bigfoot"};
    }

    @Test
    void aRunInTheDaemonWritesTheBytesARunWithoutItWritesAndTheNextRunFindsItRunning() throws IOException {
        TestJars.Run alone = TestJars.staticbf(rewrite("alone.jar"));
        assertEquals(0, alone.exitCode(), alone.err());
        Run first = client(shared, rewrite("daemon-1.jar"));
        assertEquals(0, first.code(), first.err());
        assertEquals("", first.err());
        assertTrue(first.out().startsWith("staticbf: wrote " + work.resolve("daemon-1.jar")), first.out());
        assertArrayEquals(Files.readAllBytes(work.resolve("alone.jar")), Files.readAllBytes(work.resolve("daemon-1.jar")));
        Run second = client(shared, rewrite("daemon-2.jar"));
        assertEquals(0, second.code(), second.err());
        assertArrayEquals(Files.readAllBytes(work.resolve("alone.jar")), Files.readAllBytes(work.resolve("daemon-2.jar")));
        String log = Files.readString(files(shared).log());
        assertEquals(1, log.split("serving ", -1).length - 1, "one daemon served both runs: " + log);
    }

    @Test
    void twoClientsAtOnceGetTheirOwnRunsAndOutput() throws Exception {
        TestJars.Run alone = TestJars.staticbf(rewrite("alone-2.jar"));
        assertEquals(0, alone.exitCode(), alone.err());
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var a = pool.submit(() -> client(shared, rewrite("at-once-a.jar")));
            var b = pool.submit(() -> client(shared, rewrite("at-once-b.jar")));
            for (var run : List.of(a.get(), b.get())) {
                assertEquals(0, run.code(), run.err());
                assertEquals("", run.err());
            }
            assertTrue(a.get().out().startsWith("staticbf: wrote " + work.resolve("at-once-a.jar")), a.get().out());
            assertTrue(b.get().out().startsWith("staticbf: wrote " + work.resolve("at-once-b.jar")), b.get().out());
        } finally {
            pool.shutdown();
        }
        byte[] expected = Files.readAllBytes(work.resolve("alone-2.jar"));
        assertArrayEquals(expected, Files.readAllBytes(work.resolve("at-once-a.jar")));
        assertArrayEquals(expected, Files.readAllBytes(work.resolve("at-once-b.jar")));
    }

    @Test
    void theDaemonsErrorsAndExitCodesAreTheRunsOwn() {
        Run missing = client(shared, "--in", work.resolve("missing.jar").toString(), "--out",
                work.resolve("x.jar").toString());
        TestJars.Run alone = TestJars.staticbf("--in", work.resolve("missing.jar").toString(), "--out",
                work.resolve("x.jar").toString());
        assertEquals(StaticBfException.FAILURE, missing.code());
        assertEquals(alone.err(), missing.err());
        assertFalse(Files.exists(work.resolve("x.jar")));
    }

    @Test
    void aUsageErrorIsReportedWithoutStartingADaemon() throws IOException {
        Map<String, String> environment = environment("usage", "60");
        Run run = client(environment, "--in");
        assertEquals(StaticBfException.USAGE, run.code());
        assertEquals("staticbf: error: --in needs a value", run.err().strip());
        assertFalse(Files.exists(files(environment).log()), "no daemon was started");
        Run stop = client(environment, "--stop-daemon", "--in", "x");
        assertEquals(StaticBfException.USAGE, stop.code());
    }

    @Test
    void anIdleDaemonEnds() throws Exception {
        Map<String, String> environment = environment("idle", "1");
        Run run = client(environment, rewrite("idle.jar"));
        assertEquals(0, run.code(), run.err());
        assertTrue(Files.readString(files(environment).log()).contains("serving "), "the run started a daemon");
        assertEnds(files(environment));
        assertTrue(Files.readString(files(environment).log()).contains("idle: ending"));
    }

    @Test
    void aRunIsMadeWithoutTheDaemonIfItEndsWithoutFinishingIt() throws Exception {
        Map<String, String> environment = environment("ends", "60");
        DaemonFiles files = files(environment);
        try (ServerSocketChannel fake = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            fake.bind(UnixDomainSocketAddress.of(files.socket()));
            Thread acceptOne = new Thread(() -> {
                try (SocketChannel c = fake.accept()) {
                    Frames.readRequest(new DataInputStream(Frames.input(c)));
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            });
            acceptOne.start();
            Run run = client(environment, rewrite("ends.jar"));
            acceptOne.join();
            assertEquals(0, run.code(), run.err());
            assertTrue(run.err().startsWith("staticbf: warning: the daemon ended without finishing the run"), run.err());
            assertTrue(run.out().startsWith("staticbf: wrote "), run.out());
            assertTrue(Files.isRegularFile(work.resolve("ends.jar")));
        }
    }

    @Test
    void aDaemonThatCannotServeIsQuotedAndTheRunMadeWithoutIt() {
        Map<String, String> environment = environment("d".repeat(120), "60"); // a socket path past the system's limit
        Run run = client(environment, rewrite("long.jar"));
        assertEquals(0, run.code(), run.err());
        String warning = run.err().lines().findFirst().orElse("");
        assertTrue(warning.startsWith("staticbf: warning: no daemon (it could not start: ")
                && warning.contains(": cannot serve ") && warning.endsWith("running without it"), warning);
        assertTrue(run.out().startsWith("staticbf: wrote "), run.out());
    }

    @Test
    void aDirectoryOthersCanEnterIsNotUsed() throws IOException {
        Path open = Files.createDirectory(work.resolve("open"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        Run run = client(environment("open", "60"), rewrite("open.jar"));
        assertEquals(0, run.code(), run.err());
        assertEquals("staticbf: warning: no daemon (" + open + " is not a directory private to this user); running"
                + " without it", run.err().strip());
        assertTrue(Files.isRegularFile(work.resolve("open.jar")));
        try (var listed = Files.list(open)) {
            assertEquals(0, listed.count(), "nothing was made there");
        }
    }

    @Test
    void aClientThatLeavesDuringItsRunEndsTheDaemon() throws Exception {
        Path dir = Files.createDirectory(work.resolve("leaves"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        DaemonFiles files = new DaemonFiles(dir, "blocking");
        Process daemon = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), BlockingDaemon.class.getName(), dir.toString(), files.key())
                .redirectErrorStream(true).redirectOutput(files.log().toFile()).start();
        try {
            SocketChannel client = null;
            for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); client == null; Thread.sleep(50)) {
                assertTrue(System.nanoTime() < deadline && daemon.isAlive(), "the daemon did not start");
                try {
                    client = SocketChannel.open(UnixDomainSocketAddress.of(files.socket()));
                } catch (IOException notYet) {
                    // again
                }
            }
            try (SocketChannel c = client) {
                Frames.writeRequest(new DataOutputStream(Frames.output(c)),
                        new Frames.Request(false, false, "UTF-8", List.of("--anything")));
                DataInputStream in = new DataInputStream(Frames.input(c));
                assertEquals(1, in.readByte(), "the run's first output");
            }
            assertTrue(daemon.waitFor(60, TimeUnit.SECONDS), "the daemon ended");
            assertEquals(3, daemon.exitValue());
            assertFalse(Files.exists(files.socket()));
            assertTrue(Files.readString(files.log()).contains("a client left during its run: ending"));
        } finally {
            daemon.destroyForcibly();
        }
    }

    @Test
    void theDaemonIsAskedWithAbsolutePathsAndTheCacheNamed() throws StaticBfException {
        Options relative = Options.parse(new String[] {"--in", "a/app.jar", "--out", "b/out.jar", "--mode", "redcard",
                "--elide", "escape", "--capsules", "caps.txt", "--fields", "per-field", "--verify-placement",
                "--classpath", "lib/x.jar:lib/y", "--threads", "3"});
        Options asked = Options.parse(relative.absoluteArguments(Optional.of(Path.of("cache"))).toArray(String[]::new));
        Path here = Path.of("").toAbsolutePath();
        assertEquals(new Options(here.resolve("a/app.jar"), here.resolve("b/out.jar"), relative.mode(),
                relative.elision(), new bigfoot.staticbf.capsule.CapsuleSelection(false, here.resolve("caps.txt")),
                true, false, List.of(here.resolve("lib/x.jar"), here.resolve("lib/y")), 3, true, here.resolve("cache"),
                false), asked);
        Options uncached = Options.parse(relative.absoluteArguments(Optional.empty()).toArray(String[]::new));
        assertFalse(uncached.cache());
    }
}
