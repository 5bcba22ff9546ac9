package bigfoot.staticbf;

import bigfoot.staticbf.cache.RewriteCache;
import bigfoot.staticbf.cache.RewriteKey;
import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.daemon.DaemonClient;
import bigfoot.staticbf.jar.JarRewriter;
import bigfoot.staticbf.rewrite.Counts;
import bigfoot.staticbf.tool.Diagnostics;
import bigfoot.staticbf.tool.StaticBfException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.InvalidPathException;
import java.util.Optional;

/**
 * The {@code staticbf} command: rewrites a jar so every field and array access calls a race check and
 * every synchronisation operation reports an event to the DynamicBF runtime.
 */
public final class StaticBF {

    private StaticBF() {
    }

    /** The {@code staticbf} command; with {@code STATICBF_DAEMON=on} in the environment, as if given {@code --daemon}. */
    public static void main(String[] args) {
        System.exit(run(DaemonClient.byDefault(args, System.getenv()), System.out, System.err,
                System.console() != null));
    }

    /** Runs the command; returns 0 on success, 2 on a usage error, 1 on an input or processing error. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, false);
    }

    /**
     * As {@link #run(String[], PrintStream, PrintStream)}; on a {@code terminal}, long phases show their progress. With
     * {@code --daemon} the run is made by this build's daemon ({@link DaemonClient}).
     */
    static int run(String[] args, PrintStream out, PrintStream err, boolean terminal) {
        return DaemonClient.asked(args) ? DaemonClient.run(args, out, err, terminal, StaticBF::runHere)
                : runHere(args, out, err, terminal);
    }

    /** Runs the command in this JVM. */
    static int runHere(String[] args, PrintStream out, PrintStream err, boolean terminal) {
        try {
            Options options = Options.parse(args);
            if (options.help()) {
                out.println(Options.USAGE);
                return 0;
            }
            long start = System.nanoTime();
            Diagnostics diagnostics = new Diagnostics(err, terminal);
            Optional<RewriteCache> cache = cache(options);
            Optional<String> key = cache.isPresent() ? key(options) : Optional.empty();
            if (key.isPresent() && reuse(options, cache.get(), key.get(), diagnostics, out, start)) {
                return 0;
            }
            Counts counts = JarRewriter.rewrite(options, diagnostics);
            double seconds = (System.nanoTime() - start) / 1e9;
            if (key.isPresent()) {
                try {
                    cache.get().store(key.get(), options.out(), Summary.counts(counts), Summary.timing(counts, seconds),
                            diagnostics.warnings());
                } catch (IOException e) {
                    diagnostics.warn("cannot keep the rewrite in the cache " + cache.get().directory() + " (" + e
                            + "); the next run rewrites again");
                }
            }
            out.println(Summary.line(options.out().toString(), options.mode().optionName(), counts, seconds));
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

    /** The cache this run uses: none with {@code --no-cache} or when the default is turned off. */
    private static Optional<RewriteCache> cache(Options options) {
        return RewriteCache.directory(options).map(RewriteCache::new);
    }

    /** The rewrite's key, or empty if its inputs cannot be read (the rewrite then says what is wrong). */
    private static Optional<String> key(Options options) {
        try {
            return Optional.of(RewriteKey.of(options));
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /**
     * Writes the cached rewrite under {@code key} to {@code --out}, replays its warnings and prints its summary, if
     * there is one; false if not (or if it vanished meanwhile: another build's cache may evict it).
     */
    private static boolean reuse(Options options, RewriteCache cache, String key, Diagnostics diagnostics,
            PrintStream out, long start) throws StaticBfException {
        Optional<RewriteCache.Entry> entry;
        try {
            entry = cache.lookup(key);
            if (entry.isEmpty()) {
                return false;
            }
            JarRewriter.copyInPlace(entry.get().jar(), options);
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
        entry.get().warnings().forEach(diagnostics::warn);
        out.println(Summary.reused(options.out().toString(), options.mode().optionName(), entry.get().counts(),
                entry.get().timing(), (System.nanoTime() - start) / 1e9));
        return true;
    }
}
