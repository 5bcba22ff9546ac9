package bigfoot.bench;

import bigfoot.staticbf.StaticBF;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Rewrites a jar with the real StaticBF command line, in-process. */
final class Rewriter {

    /** StaticBF's cache of rewrites, in the directory of the rewritten jars (a benchmark run's work directory). */
    static final String CACHE = "staticbf-cache";

    private Rewriter() {
    }

    /**
     * One rewrite: the jar written, the wall-clock seconds it took, and StaticBF's summary line (which in the
     * analysing placements ends with {@code analysis: N methods in X s (Y s/method ...)}); {@code reused} when StaticBF
     * copied it from its cache, where an earlier run put it (the seconds are then that run's).
     */
    record Rewritten(Path jar, double seconds, String summary, boolean reused) {

        private static final Pattern ANALYSIS = Pattern.compile("analysis: (\\d+) methods in ([0-9.]+) s \\(([0-9.]+) s/method");
        private static final Pattern REUSED = Pattern.compile(", reused from the cache \\(made in ([0-9.]+) s");

        /** The rewrite StaticBF printed {@code summary} for, which took {@code seconds} in this run. */
        static Rewritten of(Path jar, double seconds, String summary) {
            Matcher m = REUSED.matcher(summary);
            return m.find() ? new Rewritten(jar, Double.parseDouble(m.group(1)), summary, true)
                    : new Rewritten(jar, seconds, summary, false);
        }

        /** "N methods analysed in X s (Y s/method)", or empty when the placement analysed no method. */
        Optional<String> analysis() {
            Matcher m = ANALYSIS.matcher(summary);
            return m.find() ? Optional.of(m.group(1) + " methods analysed in " + m.group(2) + " s (" + m.group(3)
                    + " s/method)") : Optional.empty();
        }

        /** The jar's file name, the seconds, and the analysis if any: one item of a note line. */
        String describe() {
            return jar.getFileName() + " " + String.format(Locale.ROOT, "%.1f s", seconds)
                    + analysis().map(a -> ", " + a).orElse("") + (reused ? " (reused from an earlier run)" : "");
        }
    }

    /** Rewrites {@code in} to {@code out} in placement {@code mode}, optionally for placement verification. */
    static Path rewrite(Path in, Path out, String mode, boolean verifyPlacement) throws IOException {
        return rewrite(in, out, mode, "proxies", "none", "none", List.of(), verifyPlacement).jar();
    }

    /**
     * As {@link #rewrite(Path, Path, String, boolean)}, with {@code fields} the staticbf --fields option, {@code elide}
     * its --elide, {@code capsules} its --capsules and {@code classpath} its --classpath (the jars {@code in} needs, not
     * rewritten); prints StaticBF's summary line. StaticBF reuses the rewrite an earlier run made from the same inputs
     * (with a capsule list, the same list) with the same StaticBF: its cache is kept next to the rewritten jars.
     */
    static Rewritten rewrite(Path in, Path out, String mode, String fields, String elide, String capsules,
            List<Path> classpath, boolean verifyPlacement) throws IOException {
        List<String> args = new ArrayList<>(List.of("--in", in.toString(), "--out", out.toString(), "--mode", mode,
                "--fields", fields, "--elide", elide, "--capsules", capsules));
        if (!classpath.isEmpty()) {
            args.add("--classpath");
            args.add(classpath.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator)));
        }
        if (verifyPlacement) {
            args.add("--verify-placement");
        }
        args.addAll(List.of("--cache-dir", out.toAbsolutePath().getParent().resolve(CACHE).toString()));
        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int status = StaticBF.run(args.toArray(String[]::new), new PrintStream(summary, true, StandardCharsets.UTF_8),
                System.err);
        double seconds = (System.nanoTime() - start) / 1e9;
        String line = summary.toString(StandardCharsets.UTF_8).trim();
        System.out.println(line);
        if (status != 0) {
            throw new IOException("staticbf failed on " + in + " in mode " + mode + " (status " + status + ")");
        }
        return Rewritten.of(out, seconds, line);
    }
}
