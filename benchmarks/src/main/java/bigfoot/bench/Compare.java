package bigfoot.bench;

import bigfoot.bench.kernels.Size;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Set;
import java.util.EnumSet;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * The comparison harness behind {@code make bench}: packs the kernels into a jar, rewrites it once per
 * placement mode and fields option with the real StaticBF CLI (and for the real-library workloads, each driver's
 * jar and library jars: see {@link Jars}), runs every kernel and workload under every configuration in
 * fresh JVMs ({@code --runs} JVMs each, every JVM doing its own warm-ups and timed iterations; the configurations
 * take turns, one JVM each per run), and prints a table of the iteration times per configuration, mean CPU
 * time (user + system of the child JVM's threads) and median wall time, each checked configuration's overhead in
 * CPU time (overhead = (checked - base) / base, as in FT2 and BigFoot; in wall time for a program whose JVMs
 * measured no CPU time), its check ratio (shadow operations / FT's) and its array shadow memory (KB made, in the
 * last run), then a summary line (geometric-mean slowdown in CPU time, mean check ratio); it also writes them as
 * markdown and CSV ({@code results.md}, {@code results.csv}) and an SVG chart of the slowdowns
 * ({@code slowdown.svg}) into the work directory ({@link Results}).
 *
 * <p>Usage: {@code Compare --runtime dynamic-bf.jar [--quick] [--runs N] [--warmups N] [--configs FT,RC,..] [--work DIR]
 * [--libs DIR] [kernel-or-workload...]};
 * {@code --quick} runs the small sizes in one JVM per configuration (unless {@code --runs} says otherwise);
 * {@code --warmups} sets the warm-up iterations before the timed ones (2 by default: short runs, whose CPU time is
 * about half JIT compilation on the libraries; more measures closer to the steady state);
 * {@code --configs} picks the checked configurations (all but the other tools' by default, {@link Configuration#defaults};
 * the uninstrumented run always comes first);
 * {@code --libs} is where the workloads' library jars are (default {@code benchmarks/target/workload-libs}, where
 * the benchmarks build copies them); names pick kernels and workloads (all by default).
 * <p>The kernels are race-free, so a race there fails the run (a detector bug). A real library may really race:
 * a workload's races are counted and the first one described in a note line after the table, as are the StaticBF
 * times (seconds per analysed method) of each workload's rewrites. Another note line per program gives the time the
 * JIT compilers took in each configuration's timed iterations and its share of their CPU time.
 * <p>A capsule configuration (BFC, BFEC) first runs each program once to discover its capsules ({@link Jars},
 * {@link CapsuleDiscovery}), before the table; a note line per program then says how many capsule classes the
 * discovery kept and rejected, how many its rewrite made and how many accesses their capsule checks cover
 * ({@code checks.capsule}), and the capsule violations of the last timed run.
 */
public final class Compare {

    public static void main(String[] args) throws Exception {
        Path runtime = null;
        Path work = Path.of("benchmarks/target/bench");
        Path libs = Libraries.DEFAULT_DIR;
        Integer runs = null;
        Integer warmups = null;
        boolean quick = false;
        List<String> only = new ArrayList<>();
        List<Configuration> configs = new ArrayList<>(Configuration.defaults());
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--runtime": runtime = Path.of(value(args, ++i)); break;
                    case "--runs": runs = number(args[i], value(args, ++i)); break;
                    case "--warmups": warmups = number(args[i], value(args, ++i)); break;
                    case "--work": work = Path.of(value(args, ++i)); break;
                    case "--libs": libs = Path.of(value(args, ++i)); break;
                    case "--quick": quick = true; break;
                    case "--configs": configs = configurations(value(args, ++i)); break;
                    default:
                        if (args[i].startsWith("-")) {
                            throw new IllegalArgumentException("unknown option " + args[i]);
                        }
                        only.add(args[i]);
                }
            }
            if (runtime == null || !Files.isRegularFile(runtime)) {
                throw new IllegalArgumentException("--runtime must name the dynamic-bf jar (got " + runtime + ")");
            }
            if (runs != null && runs < 1) {
                throw new IllegalArgumentException("--runs must be at least 1");
            }
            if (warmups != null && warmups < 0) {
                throw new IllegalArgumentException("--warmups must be at least 0");
            }
            for (String name : only) {
                if (programs().stream().noneMatch(k -> k.name().equals(name))) {
                    throw new IllegalArgumentException("unknown kernel or workload " + name);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("compare: error: " + e.getMessage());
            System.exit(2);
        }
        List<Kernel> kernels = new ArrayList<>();
        for (Kernel k : programs()) {
            if (only.isEmpty() || only.contains(k.name())) {
                Kernel sized = quick ? k.withArgs(k.args().withSize(Size.SMALL)) : k;
                kernels.add(warmups == null ? sized : sized.withArgs(sized.args().withWarmups(warmups)));
            }
        }
        try {
            compare(kernels, configs, runtime, new Jars(work, libs, false, runtime), work,
                    runs != null ? runs : quick ? 1 : 3);
        } catch (IOException e) {
            System.err.println("compare: error: " + e.getMessage());
            System.exit(1);
        }
    }

    /** The kernels, then the real-library workloads. */
    private static List<Kernel> programs() {
        List<Kernel> all = new ArrayList<>(Kernel.ALL);
        all.addAll(Kernel.WORKLOADS);
        return all;
    }

    /** BASE, FT (the check ratio's reference) and the named configurations, in their declared order. */
    private static List<Configuration> configurations(String names) {
        Set<Configuration> picked = EnumSet.of(Configuration.BASE, Configuration.FT);
        for (String name : names.split(",")) {
            try {
                picked.add(Configuration.valueOf(name.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown configuration '" + name + "' (one of "
                        + Arrays.toString(Configuration.values()) + ")");
            }
        }
        return new ArrayList<>(picked);
    }

    private static int number(String option, String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, got '" + s + "'");
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static void compare(List<Kernel> kernels, List<Configuration> configs, Path runtime, Jars jars, Path work,
            int runs) throws Exception {
        // every rewrite first, so StaticBF's output comes before the table
        for (Kernel k : kernels) {
            for (Configuration c : configs) {
                jars.classpath(k, c);
            }
        }
        List<String> notes = new ArrayList<>();
        List<Configuration> checked = new ArrayList<>(configs);
        checked.remove(Configuration.BASE);
        Results results = new Results(checked);
        System.out.println(results.textHeader());
        for (Kernel k : kernels) {
            Map<Configuration, Samples> samples = new EnumMap<>(Configuration.class);
            Map<Configuration, ReportSummary> summaries = new EnumMap<>(Configuration.class);
            // round-robin (every configuration once per run), so a shared machine's drift hits all of them alike
            for (int r = 0; r < runs; r++) {
                for (Configuration c : configs) {
                    Path report = work.resolve(k.name() + "-" + c.name().toLowerCase(Locale.ROOT) + ".json");
                    Files.deleteIfExists(report);
                    samples.merge(c, ChildJvm.run(c.jvmArgs(jars.classpath(k, c), runtime, report), k), Samples::plus);
                    if (c.mode != null) {
                        summaries.put(c, k.usesLibraries() || !c.precise() ? ReportSummary.read(report)
                                : checkRaceFree(k, report));
                    }
                }
            }
            Map<Configuration, Samples.Times> times = new EnumMap<>(Configuration.class);
            samples.forEach((c, s) -> times.put(c, s.times()));
            Results.Row row = new Results.Row(k, times, summaries);
            results.add(row);
            System.out.println(results.textRow(row));
            jitNote(k, samples).ifPresent(notes::add);
            if (k.usesLibraries()) {
                notes.addAll(workloadNotes(k, checked, summaries, jars));
            } else {
                notes.addAll(warningNotes(k, checked, summaries));
            }
            notes.addAll(capsuleNotes(k, checked, summaries, jars));
        }
        System.out.println(results.textSummary());
        notes.forEach(System.out::println);
        Files.writeString(work.resolve("results.md"), results.markdown());
        Files.writeString(work.resolve("results.csv"), results.csv());
        Files.writeString(work.resolve("slowdown.svg"), results.svg());
        System.out.println("tables: " + work.resolve("results.md") + ", " + work.resolve("results.csv") + "; chart: "
                + work.resolve("slowdown.svg"));
    }

    /**
     * The time each configuration's JIT compilers took per timed iteration (mean ms) and its share of the CPU time, if
     * every run measured both: compiling the rewritten code is part of a checked run's cost that no check makes.
     */
    private static Optional<String> jitNote(Kernel k, Map<Configuration, Samples> samples) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<Configuration, Samples> e : samples.entrySet()) {
            OptionalDouble jit = e.getValue().meanJitMs();
            OptionalDouble cpu = e.getValue().times().cpuMs();
            if (jit.isEmpty() || cpu.isEmpty()) {
                return Optional.empty();
            }
            parts.add(String.format(Locale.ROOT, "%s %.0f (%.0f%%)", e.getKey().name(), jit.getAsDouble(),
                    cpu.getAsDouble() > 0 ? 100 * jit.getAsDouble() / cpu.getAsDouble() : 0));
        }
        return Optional.of("note: " + k.name() + " JIT compilation ms per timed iteration (share of the CPU time): "
                + String.join(", ", parts));
    }

    /**
     * The races each configuration reported for a workload (the last run's; a real library may race), and
     * the StaticBF time of each rewrite the configuration runs, with seconds per analysed method.
     */
    private static List<String> workloadNotes(Kernel k, List<Configuration> checked,
            Map<Configuration, ReportSummary> summaries, Jars jars) throws IOException {
        List<String> notes = new ArrayList<>();
        for (Configuration c : checked) {
            ReportSummary s = summaries.get(c);
            if (s.races() > 0 || !s.complete()) {
                notes.add("note: " + k.name() + " " + c.name() + ": " + s.races() + " races"
                        + (s.complete() ? "" : " (incomplete verdict)") + s.firstRace().map(r -> ", first: " + r).orElse(""));
            }
        }
        Set<String> seen = new HashSet<>();
        for (Configuration c : checked) {
            String rewrites = jars.rewrites(k, c).stream().map(Rewriter.Rewritten::describe)
                    .collect(Collectors.joining("; "));
            if (seen.add(rewrites)) {
                notes.add("note: " + k.name() + " staticbf " + c.mode + "/" + c.fields + ": " + rewrites);
            }
        }
        return notes;
    }

    /** The warnings of each imprecise tool on a race-free kernel (the last run's): its false alarms. */
    private static List<String> warningNotes(Kernel k, List<Configuration> checked,
            Map<Configuration, ReportSummary> summaries) {
        List<String> notes = new ArrayList<>();
        for (Configuration c : checked) {
            ReportSummary s = summaries.get(c);
            if (!c.precise() && s.races() > 0) {
                notes.add("note: " + k.name() + " " + c.name() + ": " + s.races() + " warnings on a race-free kernel"
                        + s.firstRace().map(r -> ", first: " + r).orElse(""));
            }
        }
        return notes;
    }

    /**
     * For each capsule configuration: the capsule classes {@code k}'s discovery run kept and rejected, the capsule
     * classes of the rewrites and the accesses their capsule checks cover, the last run's capsule violations, and the
     * rewrites' access sites by what covers them ({@link SiteCategories}).
     */
    private static List<String> capsuleNotes(Kernel k, List<Configuration> checked,
            Map<Configuration, ReportSummary> summaries, Jars jars) throws IOException {
        List<String> notes = new ArrayList<>();
        for (Configuration c : checked) {
            if (c.capsules) {
                CapsuleDiscovery.Found found = jars.capsuleDiscovery(k);
                List<Path> rewritten = jars.classpath(k, c);
                ReportSummary s = summaries.get(c);
                notes.add("note: " + k.name() + " " + c.name() + ": capsule discovery: " + found.kept() + " kept, "
                        + found.rejected() + " rejected (" + found.list() + "); rewrite: capsules.classes "
                        + RewriteMetadata.total(rewritten, "capsules.classes") + ", checks.capsule "
                        + RewriteMetadata.total(rewritten, "checks.capsule") + "; " + s.capsuleViolations()
                        + " capsule violations" + s.firstCapsuleViolation().map(v -> ", first: " + v).orElse(""));
                notes.add("note: " + k.name() + " " + c.name() + ": " + SiteCategories.describe(rewritten));
            }
        }
        return notes;
    }

    /**
     * The kernels are race-free: a race here means a detector bug, and the timing would be meaningless.
     * Returns the run's summary.
     */
    private static ReportSummary checkRaceFree(Kernel k, Path report) throws IOException {
        ReportSummary s = ReportSummary.read(report);
        if (s.races() != 0 || !s.complete()) {
            throw new IOException(k.name() + " reported " + s.races() + " races" + (s.complete() ? "" : " (incomplete verdict)")
                    + " (see " + report + ")");
        }
        return s;
    }
}
