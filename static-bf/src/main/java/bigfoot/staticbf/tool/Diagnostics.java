package bigfoot.staticbf.tool;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

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

    /** A warning as it was given: with the key of {@link #warnOnce}, or none (null). */
    public record Warning(String key, String message) {
    }

    /** Per thread, while it runs {@link #deferring}: every warning it gives, held back. */
    private final ThreadLocal<List<Warning>> deferred = new ThreadLocal<>();

    /** A value, and the warnings given while it was made ({@link #deferring}), to be given with {@link #replay}. */
    public record Deferred<T>(T value, List<Warning> warnings) {
    }

    public synchronized void warn(String message) {
        List<Warning> held = deferred.get();
        if (held != null) {
            held.add(new Warning(null, message));
        } else {
            show(message);
        }
    }

    private void show(String message) {
        warnings.add(message);
        err.println("staticbf: warning: " + message);
    }

    /**
     * Runs {@code work} holding back every warning this thread gives meanwhile (whether or not given once already), and
     * returns them with its value: work done on several threads gives its warnings in a fixed order by replaying them.
     */
    public <T> Deferred<T> deferring(Supplier<T> work) {
        List<Warning> outer = deferred.get();
        List<Warning> held = new ArrayList<>();
        deferred.set(held);
        try {
            return new Deferred<>(work.get(), List.copyOf(held));
        } finally {
            deferred.set(outer);
        }
    }

    /** Gives {@code given} again, as they were given: a warning with a key only if none with its key was given yet. */
    public synchronized void replay(List<Warning> given) {
        for (Warning w : given) {
            if (w.key() == null) {
                warn(w.message());
            } else {
                warnOnce(w.key(), w.message());
            }
        }
    }

    /** The warnings given so far, in order. */
    public synchronized List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** Warns unless a warning with the same key was already given in this run. */
    public synchronized void warnOnce(String key, String message) {
        List<Warning> held = deferred.get();
        if (held != null) {
            held.add(new Warning(key, message));
        } else if (warnedKeys.add(key)) {
            show(message);
        }
    }
}
