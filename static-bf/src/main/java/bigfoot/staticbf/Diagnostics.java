package bigfoot.staticbf;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;

/** Where warnings go: one {@code staticbf: warning: ...} line each, optionally only once per key. */
public final class Diagnostics {

    private final PrintStream err;
    private final Set<String> warnedKeys = new HashSet<>();

    public Diagnostics(PrintStream err) {
        this.err = err;
    }

    public void warn(String message) {
        err.println("staticbf: warning: " + message);
    }

    /** Warns unless a warning with the same key was already given in this run. */
    public void warnOnce(String key, String message) {
        if (warnedKeys.add(key)) {
            warn(message);
        }
    }
}
