package bigfoot.staticbf.tool;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress of a long phase on a terminal: one line, rewritten in place at most once a second
 * ({@code staticbf: analysing methods 1200/3987 (30%), about 12 s left}), erased when the phase ends. Nothing is
 * printed when the output is not a terminal (CI logs, tests, build tools) or when the phase ends within a second.
 */
public final class Progress {

    private static final long INTERVAL_NANOS = 1_000_000_000L;

    private final PrintStream out;
    private final String what;
    private final int total;
    private final LongSupplier clock;
    private final long start;
    private long lastShown;
    private int done;
    private int shownWidth;

    /** @param out the terminal, or null to show nothing; @param clock nanoseconds ({@code System::nanoTime}) */
    Progress(PrintStream out, String what, int total, LongSupplier clock) {
        this.out = out;
        this.what = what;
        this.total = total;
        this.clock = clock;
        this.start = clock.getAsLong();
        this.lastShown = start;
    }

    /** A progress that shows nothing. */
    static Progress silent(String what, int total) {
        return new Progress(null, what, total, System::nanoTime);
    }

    /** One more unit done (from any thread). */
    public synchronized void step() {
        done++;
        long now = clock.getAsLong();
        if (out != null && now - lastShown >= INTERVAL_NANOS && done < total) {
            lastShown = now;
            double seconds = (now - start) / 1e9;
            String line = String.format(Locale.ROOT, "staticbf: %s %d/%d (%d%%), about %d s left", what, done, total,
                    100L * done / total, Math.round(seconds / done * (total - done)));
            out.print("\r" + line + " ".repeat(Math.max(0, shownWidth - line.length())));
            out.flush();
            shownWidth = line.length();
        }
    }

    /** The phase is over: the progress line, if one was shown, is erased. */
    public synchronized void end() {
        if (out != null && shownWidth > 0) {
            out.print("\r" + " ".repeat(shownWidth) + "\r");
            out.flush();
        }
    }
}
