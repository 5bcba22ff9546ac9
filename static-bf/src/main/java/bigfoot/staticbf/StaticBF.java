package bigfoot.staticbf;

import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.jar.JarRewriter;
import bigfoot.staticbf.rewrite.Counts;
import java.io.PrintStream;
import java.nio.file.InvalidPathException;

/**
 * The {@code staticbf} command: rewrites a jar so every field and array access calls a race check and
 * every synchronisation operation reports an event to the DynamicBF runtime.
 */
public final class StaticBF {

    private StaticBF() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, System.console() != null));
    }

    /** Runs the command; returns 0 on success, 2 on a usage error, 1 on an input or processing error. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, false);
    }

    /** As {@link #run(String[], PrintStream, PrintStream)}; on a {@code terminal}, long phases show their progress. */
    static int run(String[] args, PrintStream out, PrintStream err, boolean terminal) {
        try {
            Options options = Options.parse(args);
            if (options.help()) {
                out.println(Options.USAGE);
                return 0;
            }
            long start = System.nanoTime();
            Counts counts = JarRewriter.rewrite(options, new Diagnostics(err, terminal));
            out.println(Summary.line(options.out().toString(), options.mode().optionName(), counts,
                    (System.nanoTime() - start) / 1e9));
            return 0;
        } catch (StaticBfException e) {
            err.println("staticbf: error: " + e.getMessage());
            return e.exitCode();
        } catch (InvalidPathException e) {
            err.println("staticbf: error: invalid path: " + e.getMessage());
            return StaticBfException.USAGE;
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            err.println("staticbf: error: internal error: " + e);
            return StaticBfException.FAILURE;
        }
    }
}
