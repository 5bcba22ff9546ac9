package bigfoot.bench;

import bigfoot.bench.kernels.ThreadPerTask;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * How the detector scales with the number of threads a program starts: {@link ThreadPerTask} with n tasks on
 * virtual threads, on a pool of two platform threads, and as a {@code new Thread} per task joined in batches,
 * uninstrumented and rewritten by StaticBF (bigfoot placement) under the runtime, one fresh JVM each. Prints, per
 * run, the CPU time (user + system of the child JVM) and its peak resident memory, and the slowdown in CPU time; a
 * run that passes the timeout is stopped, and it and a run that fails (out of memory) are shown as such. Also written as markdown to {@code threads.md} in the
 * work directory.
 *
 * <p>Usage: {@code ManyThreads --runtime dynamic-bf.jar [--java JAVA] [--tasks 10000,100000] [--modes
 * virtual,pool,threads] [--timeout SECONDS] [--work DIR]}. Virtual threads need Java 21 or later: {@code --java}
 * names its {@code java} launcher, by default this JVM's if it is 21 or later, else the newest JDK under
 * {@code /usr/lib/jvm} that is.
 */
public final class ManyThreads {

    private ManyThreads() {
    }

    /**
     * One child JVM's result: CPU and peak memory, or empty with what went wrong ({@code failure}: "timeout", or the
     * exit status of a run that failed, such as one out of memory).
     */
    record Run(OptionalLong cpuMs, OptionalLong peakKb, String failure) {
        static final Run TIMED_OUT = failed("timeout");

        static Run failed(String why) {
            return new Run(OptionalLong.empty(), OptionalLong.empty(), why);
        }

        String cpu() {
            return cpuMs.isPresent() ? String.format(Locale.ROOT, "%,d", cpuMs.getAsLong()) : failure;
        }

        String peakMb() {
            return peakKb.isPresent() ? String.format(Locale.ROOT, "%,d", peakKb.getAsLong() / 1024) : "-";
        }
    }

    public static void main(String[] args) throws Exception {
        Path runtime = null;
        Path java = null;
        List<Integer> tasks = List.of(10_000, 100_000);
        List<String> modes = List.of("virtual", "pool", "threads");
        long timeout = 300;
        Path work = Path.of("benchmarks/target/bench-threads");
        try {
            for (int i = 0; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : null;
                switch (args[i]) {
                    case "--runtime" -> runtime = Path.of(required(args[i], value));
                    case "--java" -> java = Path.of(required(args[i], value));
                    case "--tasks" -> tasks = Stream.of(required(args[i], value).split(",")).map(ManyThreads::count).toList();
                    case "--modes" -> modes = modes(required(args[i], value));
                    case "--timeout" -> timeout = count(required(args[i], value));
                    case "--work" -> work = Path.of(required(args[i], value));
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
                i++;
            }
            if (runtime == null || !Files.isRegularFile(runtime)) {
                throw new IllegalArgumentException("--runtime must name the dynamic-bf jar (got " + runtime + ")");
            }
            if (java == null) {
                java = javaWithVirtualThreads().orElseThrow(() -> new IllegalArgumentException(
                        "virtual threads need a Java 21 or later JDK: pass its java with --java"));
            }
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("ManyThreads: error: " + e.getMessage() + " (usage: ManyThreads --runtime dynamic-bf.jar"
                    + " [--java JAVA] [--tasks N,..] [--modes virtual,pool,threads] [--timeout SECONDS] [--work DIR])");
            System.exit(2);
        }
        try {
            measure(runtime, java, tasks, modes, timeout, work);
        } catch (IOException e) {
            System.err.println("ManyThreads: error: " + (e instanceof FileSystemException f
                    ? "cannot use " + f.getFile() + (f.getReason() != null ? ": " + f.getReason() : "") : e.getMessage()));
            System.exit(1);
        }
    }

    /** Rewrites the kernels, runs every size and mode plain and under the runtime, and prints and writes the table. */
    private static void measure(Path runtime, Path java, List<Integer> tasks, List<String> modes, long timeout, Path work)
            throws IOException, InterruptedException {
        Files.createDirectories(work);
        Path plain = KernelJar.write(work.resolve("kernels.jar"));
        Path checked = Rewriter.rewrite(plain, work.resolve("kernels-bigfoot.jar"), "bigfoot", false);
        StringBuilder table = new StringBuilder("| tasks | threads | base cpu ms | base peak MB | detector cpu ms"
                + " | detector peak MB | slowdown |\n|---|---|---|---|---|---|---|\n");
        System.out.println(table.toString().strip());
        for (int n : tasks) {
            for (String mode : modes) {
                Run base = run(java, List.of("-cp", plain.toString()), mode, n, timeout, null);
                Path report = work.resolve("report-" + mode + "-" + n + ".json");
                Run detector = run(java, List.of("-javaagent:" + runtime + "=quiet,report=json:" + report, "-cp",
                        checked.toString()), mode, n, timeout, report);
                String slowdown = base.cpuMs().isPresent() && detector.cpuMs().isPresent()
                        ? String.format(Locale.ROOT, "%.1fx",
                                (double) detector.cpuMs().getAsLong() / Math.max(1, base.cpuMs().getAsLong()))
                        : "-";
                String row = String.format(Locale.ROOT, "| %,d | %s | %s | %s | %s | %s | %s |", n, mode, base.cpu(),
                        base.peakMb(), detector.cpu(), detector.peakMb(), slowdown);
                System.out.println(row);
                table.append(row).append('\n');
            }
        }
        Files.writeString(work.resolve("threads.md"), table);
        System.out.println("table: " + work.resolve("threads.md"));
    }

    /**
     * Runs ThreadPerTask in a fresh JVM: its result, {@link Run#TIMED_OUT}, or a failed run with its exit status
     * (its stderr is the harness's). With a {@code report} (a run under the runtime), a run whose verdict is
     * incomplete (the detector turned itself off) or that reports a race (the program has none) failed too: its
     * numbers would not be the detector's.
     */
    static Run run(Path java, List<String> jvmArgs, String mode, int tasks, long timeoutSeconds, Path report)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(java.toString()));
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of(ThreadPerTask.class.getName(), mode, Integer.toString(tasks)));
        Path out = Files.createTempFile("threads", ".out");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                return Run.TIMED_OUT;
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                System.err.println("ManyThreads: " + String.join(" ", cmd) + " exited with status " + p.exitValue());
                return Run.failed("status " + p.exitValue());
            }
            Run run = parse(text);
            String wrong = report == null ? null : wrongVerdict(ReportSummary.read(report));
            if (wrong != null) {
                System.err.println("ManyThreads: " + String.join(" ", cmd) + ": " + wrong);
                return Run.failed(wrong);
            }
            return run;
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Why a run's report is not the race-free program's complete verdict, or null if it is. */
    static String wrongVerdict(ReportSummary summary) {
        return !summary.complete() ? "incomplete verdict" : summary.races() > 0 ? summary.races() + " races" : null;
    }

    /** The {@code cpu-ms:} and {@code peak-rss-kb:} lines of ThreadPerTask's output. */
    static Run parse(String out) throws IOException {
        OptionalLong cpu = OptionalLong.empty();
        OptionalLong peak = OptionalLong.empty();
        for (String line : out.split("\n")) {
            if (line.startsWith("cpu-ms: ")) {
                cpu = OptionalLong.of(Math.round(Double.parseDouble(line.substring(8).trim())));
            } else if (line.startsWith("peak-rss-kb: ")) {
                peak = OptionalLong.of(Long.parseLong(line.substring(13).trim()));
            }
        }
        if (cpu.isEmpty()) {
            throw new IOException("ThreadPerTask printed no cpu-ms line");
        }
        return new Run(cpu, peak, null);
    }

    /** This JVM's java if it is Java 21 or later, else the newest such JDK's under /usr/lib/jvm. */
    static Optional<Path> javaWithVirtualThreads() throws IOException {
        if (Runtime.version().feature() >= 21) {
            return Optional.of(Path.of(System.getProperty("java.home"), "bin", "java"));
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        Path best = null;
        int bestVersion = 20;
        try (Stream<Path> s = Files.list(jvms)) {
            for (Path home : s.sorted().toList()) {
                int v = feature(home.resolve("release"));
                Path launcher = home.resolve("bin/java");
                if (v > bestVersion && Files.isExecutable(launcher)) {
                    best = launcher;
                    bestVersion = v;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** The feature version in a JDK's release file ({@code JAVA_VERSION="25.0.1"}), or 0. */
    static int feature(Path release) {
        try {
            for (String line : Files.readAllLines(release)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring(13).replace("\"", "");
                    int dot = v.indexOf('.');
                    return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not a JDK, or a release file of another shape
        }
        return 0;
    }

    private static List<String> modes(String value) {
        List<String> modes = List.of(value.split(","));
        for (String m : modes) {
            if (!List.of("virtual", "pool", "threads").contains(m)) {
                throw new IllegalArgumentException("--modes takes virtual, pool and threads, got '" + m + "'");
            }
        }
        return modes;
    }

    private static int count(String value) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected a positive number, got '" + value + "'");
    }

    private static String required(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }
}
