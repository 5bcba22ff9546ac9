package corpus;

/** Races, then a worker calls System.exit(5) while main is still blocked in join: the report must be written. */
@ExpectRaces(value = "corpus.ExitFromWorker.count", exitCode = 5)
public class ExitFromWorker {
    static int count;

    public static void main(String[] args) throws Exception {
        Threads.run(() -> count++, () -> count++);
        Thread exiter = new Thread(() -> System.exit(5), "exiter");
        exiter.start();
        exiter.join(); // never returns: the JVM exits first
        throw new IllegalStateException("System.exit did not end the JVM");
    }
}
