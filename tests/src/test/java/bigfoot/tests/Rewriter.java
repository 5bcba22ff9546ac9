package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bigfoot.staticbf.StaticBF;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Runs the StaticBF command line in-process. */
final class Rewriter {

    record CliResult(int exit, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    private Rewriter() {
    }

    static CliResult run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = StaticBF.run(args, o, e);
        }
        return new CliResult(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Rewrites {@code in} to {@code out} (fasttrack mode unless {@code moreOptions} names another) and fails
     * the test unless StaticBF exits 0.
     */
    static Path rewrite(Path in, Path out, String... moreOptions) {
        List<String> args = new java.util.ArrayList<>(List.of("--in", in.toString(), "--out", out.toString(),
                "--mode", "fasttrack"));
        args.addAll(List.of(moreOptions));
        CliResult r = run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), () -> "StaticBF failed on " + in + ":\n" + r.err());
        return out;
    }
}
