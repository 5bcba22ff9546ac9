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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The comparison harness behind {@code make bench}: packs the kernels into a jar, rewrites it once per
 * placement mode and fields option with the real StaticBF CLI, runs every kernel under every configuration in
 * fresh JVMs ({@code --runs} JVMs each, every JVM doing its own warm-ups and timed iterations), and prints a table
 * of median iteration times per configuration, each checked configuration's overhead
 * (overhead = (checked - base) / base, as in FT2 and BigFoot), its check ratio (shadow operations / FT's) and its
 * array shadow memory (array shadow states made, in the last run).
 *
 * <p>Usage: {@code Compare --runtime dynamic-bf.jar [--quick] [--runs N] [--configs FT,RC,..] [--work DIR] [kernel...]};
 * {@code --quick} runs the small sizes in one JVM per configuration (unless {@code --runs} says otherwise);
 * {@code --configs} picks the checked configurations (all by default; the uninstrumented run always comes first).
 */
public final class Compare {

    public static void main(String[] args) throws Exception {
        Path runtime = null;
        Path work = Path.of("benchmarks/target/bench");
        Integer runs = null;
        boolean quick = false;
        List<String> only = new ArrayList<>();
        List<Configuration> configs = new ArrayList<>(List.of(Configuration.values()));
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--runtime": runtime = Path.of(value(args, ++i)); break;
                    case "--runs": runs = number(value(args, ++i)); break;
                    case "--work": work = Path.of(value(args, ++i)); break;
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
            for (String name : only) {
                if (Kernel.ALL.stream().noneMatch(k -> k.name().equals(name))) {
                    throw new IllegalArgumentException("unknown kernel " + name);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("compare: error: " + e.getMessage());
            System.exit(2);
        }
        List<Kernel> kernels = new ArrayList<>();
        for (Kernel k : Kernel.ALL) {
            if (only.isEmpty() || only.contains(k.name())) {
                kernels.add(quick ? k.withArgs(k.args().withSize(Size.SMALL)) : k);
            }
        }
        try {
            compare(kernels, configs, runtime, work, runs != null ? runs : quick ? 1 : 3);
        } catch (IOException e) {
            System.err.println("compare: error: " + e.getMessage());
            System.exit(1);
        }
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

    private static int number(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--runs needs a number, got '" + s + "'");
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static void compare(List<Kernel> kernels, List<Configuration> configs, Path runtime, Path work, int runs)
            throws Exception {
        Path baseJar = KernelJar.write(work.resolve("kernels.jar"));
        Map<String, Path> byJar = new HashMap<>();
        Map<Configuration, Path> jars = new EnumMap<>(Configuration.class);
        for (Configuration c : configs) {
            if (c.mode != null && !byJar.containsKey(c.jarName())) {
                byJar.put(c.jarName(), Rewriter.rewrite(baseJar, work.resolve(c.jarName()), c.mode, c.fields, false));
            }
            jars.put(c, c.mode == null ? baseJar : byJar.get(c.jarName()));
        }

        List<Configuration> checked = new ArrayList<>(configs);
        checked.remove(Configuration.BASE);
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-10s %-9s %-6s %10s", "kernel", "stress", "size", "base ms"));
        checked.forEach(c -> header.append(String.format(Locale.ROOT, " %10s", c.name() + " ms")));
        checked.forEach(c -> header.append(String.format(Locale.ROOT, " %12s", c.name() + " overhead")));
        checked.forEach(c -> header.append(String.format(Locale.ROOT, " %9s", c.name() + " ratio")));
        checked.forEach(c -> header.append(String.format(Locale.ROOT, " %11s", c.name() + " arrays")));
        System.out.println(header);
        for (Kernel k : kernels) {
            Map<Configuration, Double> medians = new EnumMap<>(Configuration.class);
            Map<Configuration, ReportSummary> summaries = new EnumMap<>(Configuration.class);
            for (Configuration c : configs) {
                List<Double> times = new ArrayList<>();
                Path report = work.resolve(k.name() + "-" + c.name().toLowerCase(Locale.ROOT) + ".json");
                for (int r = 0; r < runs; r++) {
                    Files.deleteIfExists(report);
                    times.addAll(ChildJvm.run(c.jvmArgs(jars.get(c), runtime, report), k));
                    if (c.mode != null) {
                        summaries.put(c, checkRaceFree(k, report));
                    }
                }
                medians.put(c, ChildJvm.median(times));
            }
            double base = medians.get(Configuration.BASE);
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-10s %-9s %-6s %10.1f",
                    k.name(), k.stresses(), k.args().size().label(), base));
            checked.forEach(c -> row.append(String.format(Locale.ROOT, " %10.1f", medians.get(c))));
            checked.forEach(c -> row.append(String.format(Locale.ROOT, " %12.2f", (medians.get(c) - base) / base)));
            // CHECK RATIO: shadow operations per heap access; FastTrack makes one per access
            checked.forEach(c -> row.append(String.format(Locale.ROOT, " %9.3f",
                    (double) summaries.get(c).checks() / Math.max(1, summaries.get(Configuration.FT).checks()))));
            // SHADOW MEMORY: array shadow states made (fine: one per element touched)
            checked.forEach(c -> row.append(String.format(Locale.ROOT, " %11d", summaries.get(c).arrayShadows())));
            System.out.println(row);
        }
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
