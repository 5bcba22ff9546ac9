package bigfoot.staticbf.tool;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where warnings go: one {@code staticbf: warning: ...} line each, optionally only once per key; and, when the
 * output is a terminal, the progress of long phases ({@link Progress}).
 */
public final class Diagnostics {

    private final PrintStream err;
    private final boolean terminal;
    private final Set<String> warnedKeys = new HashSet<>();
    private final List<String> warnings = new ArrayList<>();

    public Diagnostics(PrintStream err) {
        this(err, false);
    }

    /** @param terminal true if {@code err} is a terminal, where progress lines may be rewritten in place */
    public Diagnostics(PrintStream err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    /** The progress of a phase of {@code total} units, shown only on a terminal. */
    public Progress progress(String what, int total) {
        return terminal ? new Progress(err, what, total, System::nanoTime) : Progress.silent(what, total);
    }

    public synchronized void warn(String message) {
        warnings.add(message);
        err.println("staticbf: warning: " + message);
    }

    /** The warnings given so far, in order. */
    public synchronized List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** Warns unless a warning with the same key was already given in this run. */
    public synchronized void warnOnce(String key, String message) {
        if (warnedKeys.add(key)) {
            warn(message);
        }
    }
}
