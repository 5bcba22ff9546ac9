package corpus;

/** A plain static counter bumped by two threads. */
@ExpectRaces("corpus.RacyStatic.hits")
public class RacyStatic {
    static int hits;

    public static void main(String[] args) throws Exception {
        Runnable body = () -> {
            for (int i = 0; i < 100; i++) {
                hits++;
            }
        };
        Threads.run(body, body);
        System.out.println("hits " + hits);
    }
}
