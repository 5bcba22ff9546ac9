package bigfoot.bench;

import bigfoot.staticbf.StaticBF;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The comparison harness behind {@code make bench}: packs the kernels into a jar, rewrites it once per
 * placement mode with the real StaticBF CLI, runs every kernel under every configuration in fresh JVMs
 * ({@code --runs} JVMs each, every JVM doing its own warm-ups and timed iterations), and prints a table of
 * median iteration times per configuration and each checked configuration's overhead
 * (overhead = (checked - base) / base, as in FT2 and BigFoot).
 *
 * <p>Usage: {@code Compare --runtime dynamic-bf.jar [--runs N] [--work DIR] [kernel...]}
 */
public final class Compare {

    public static void main(String[] args) throws Exception {
        Path runtime = null;
        Path work = Path.of("benchmarks/target/bench");
        int runs = 3;
        List<String> only = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runtime": runtime = Path.of(args[++i]); break;
                case "--runs": runs = Integer.parseInt(args[++i]); break;
                case "--work": work = Path.of(args[++i]); break;
                default:
                    if (args[i].startsWith("-")) {
                        System.err.println("compare: error: unknown option " + args[i]);
                        System.exit(2);
                    }
                    only.add(args[i]);
            }
        }
        if (runtime == null || !Files.isRegularFile(runtime)) {
            System.err.println("compare: error: --runtime must name the dynamic-bf jar (got " + runtime + ")");
            System.exit(2);
        }
        Path classes = Path.of(Compare.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path baseJar = work.resolve("kernels.jar");
        KernelJar.write(classes, baseJar);
        Map<String, Path> byMode = new HashMap<>();
        Map<Configuration, Path> jars = new EnumMap<>(Configuration.class);
        for (Configuration c : Configuration.values()) {
            if (c.mode != null && !byMode.containsKey(c.mode)) {
                byMode.put(c.mode, rewrite(baseJar, work.resolve("kernels-" + c.mode + ".jar"), c.mode));
            }
            jars.put(c, c.mode == null ? baseJar : byMode.get(c.mode));
        }

        List<Configuration> checked = new ArrayList<>(List.of(Configuration.values()));
        checked.remove(Configuration.BASE);
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-10s %-7s %10s", "kernel", "stress", "base ms"));
        checked.forEach(c -> header.append(String.format(Locale.ROOT, " %10s", c.name() + " ms")));
        checked.forEach(c -> header.append(String.format(Locale.ROOT, " %12s", c.name() + " overhead")));
        System.out.println(header);
        for (Kernel k : Kernel.ALL) {
            if (!only.isEmpty() && !only.contains(k.name())) {
                continue;
            }
            Map<Configuration, Double> medians = new EnumMap<>(Configuration.class);
            for (Configuration c : Configuration.values()) {
                List<Double> times = new ArrayList<>();
                Path report = work.resolve(k.name() + "-" + c.name().toLowerCase(Locale.ROOT) + ".json");
                for (int r = 0; r < runs; r++) {
                    times.addAll(ChildJvm.run(c.jvmArgs(jars.get(c), runtime, report), k));
                }
                medians.put(c, ChildJvm.median(times));
                if (c.mode != null) {
                    checkRaceFree(k, report);
                }
            }
            double base = medians.get(Configuration.BASE);
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-10s %-7s %10.1f", k.name(), k.stresses(), base));
            checked.forEach(c -> row.append(String.format(Locale.ROOT, " %10.1f", medians.get(c))));
            checked.forEach(c -> row.append(String.format(Locale.ROOT, " %12.2f", (medians.get(c) - base) / base)));
            System.out.println(row);
        }
    }

    private static Path rewrite(Path in, Path out, String mode) {
        int status = StaticBF.run(new String[] {"--in", in.toString(), "--out", out.toString(), "--mode", mode},
                System.out, System.err);
        if (status != 0) {
            System.err.println("compare: error: staticbf failed on " + in + " (status " + status + ")");
            System.exit(1);
        }
        return out;
    }

    /** The kernels are race-free: a race here means a detector bug, and the timing would be meaningless. */
    private static void checkRaceFree(Kernel k, Path report) throws Exception {
        String json = Files.readString(report);
        Matcher m = RACE_COUNT.matcher(json.substring(Math.max(0, json.lastIndexOf("\"summary\""))));
        if (!m.find() || Integer.parseInt(m.group(1)) != 0) {
            System.err.println("compare: error: " + k.name() + " reported races or no summary (see " + report + ")");
            System.exit(1);
        }
    }

    private static final Pattern RACE_COUNT = Pattern.compile("\"races\"\\s*:\\s*(\\d+)");
}
