package corpus;

/** Two threads increment a counter with no synchronisation: every increment pair is unordered. */
@ExpectRaces("corpus.UnsyncCounter.count")
public class UnsyncCounter {
    int count;

    public static void main(String[] args) throws Exception {
        UnsyncCounter c = new UnsyncCounter();
        Runnable body = () -> {
            for (int i = 0; i < 1000; i++) {
                c.count++;
            }
        };
        Threads.run(body, body);
        System.out.println("count " + c.count); // after both joins: ordered
    }
}
