package corpus;

/** A counter behind synchronized instance methods: race-free. */
@ExpectRaces({})
public class SyncMethodCounter {
    private int count;

    synchronized void increment() {
        count++;
    }

    synchronized int get() {
        return count;
    }

    public static void main(String[] args) throws Exception {
        SyncMethodCounter c = new SyncMethodCounter();
        Runnable body = () -> {
            for (int i = 0; i < 500; i++) {
                c.increment();
            }
        };
        Threads.run(body, body);
        System.out.println("count " + c.get());
    }
}
