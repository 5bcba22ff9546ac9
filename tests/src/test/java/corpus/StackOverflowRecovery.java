package corpus;

/**
 * Deep recursion with a checked access in every frame until StackOverflowError (which may strike
 * inside the runtime's check), caught by the program; the detector must keep working afterwards.
 */
@ExpectRaces(value = "corpus.StackOverflowRecovery.count", mayBeIncomplete = true)
public class StackOverflowRecovery {
    static int depth;
    static int count;

    static void recurse() {
        depth++;
        recurse();
    }

    public static void main(String[] args) throws Exception {
        try {
            recurse();
        } catch (StackOverflowError expected) {
            System.out.println("overflowed: " + (depth > 100));
        }
        Threads.run(() -> {
            count++;
            depth = 0;
        }, () -> count++);
        System.out.println("count " + count);
    }
}
