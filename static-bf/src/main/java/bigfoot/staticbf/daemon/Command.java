package bigfoot.staticbf.daemon;

import java.io.PrintStream;

/** The {@code staticbf} command, as a daemon runs it for a client or a client runs it itself. */
@FunctionalInterface
public interface Command {

    /** Runs {@code args}; returns the exit code. On a {@code terminal}, long phases show their progress. */
    int run(String[] args, PrintStream out, PrintStream err, boolean terminal);
}
