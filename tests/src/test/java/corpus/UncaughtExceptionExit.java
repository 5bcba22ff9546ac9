package corpus;

/** Races, then main dies with an uncaught exception (exit code 1): the report must still be written. */
@ExpectRaces(value = "corpus.UncaughtExceptionExit.count", exitCode = 1)
public class UncaughtExceptionExit {
    static int count;

    public static void main(String[] args) throws Exception {
        Threads.run(() -> count++, () -> count++);
        throw new IllegalStateException("deliberate failure after count " + count);
    }
}
