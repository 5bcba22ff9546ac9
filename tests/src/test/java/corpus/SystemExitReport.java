package corpus;

/** Races, then System.exit(3): the report must still be written and the exit code kept. */
@ExpectRaces(value = "corpus.SystemExitReport.count", exitCode = 3)
public class SystemExitReport {
    static int count;

    public static void main(String[] args) throws Exception {
        Threads.run(() -> count++, () -> count++);
        System.out.println("count " + count);
        System.exit(3);
    }
}
