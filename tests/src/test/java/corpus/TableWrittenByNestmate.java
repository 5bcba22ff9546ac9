package corpus;

/**
 * Two private static final tables filled by their class's initialiser: one only read afterwards (race-free), and one
 * whose element 0 a nested class overwrites in both threads after the initialisation (racy). The second is not a
 * read-only table, so with {@code --elide escape} its reads and writes keep their checks and the race is reported.
 */
@ExpectRaces("int[0]")
public class TableWrittenByNestmate {
    private static final int[] WEIGHTS = {3, 5, 7, 11};
    private static final int[] COUNTS = new int[4];

    public static void main(String[] args) throws Exception {
        int[] seen = new int[2];
        Threads.run(() -> seen[0] = Counter.bump(1), () -> seen[1] = Counter.bump(2));
        System.out.println("seen " + seen[0] + " " + seen[1]);
    }

    static final class Counter {
        static int bump(int by) {
            COUNTS[0] = by;
            return WEIGHTS[by] * COUNTS[1];
        }
    }
}
