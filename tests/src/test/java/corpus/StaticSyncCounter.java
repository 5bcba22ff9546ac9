package corpus;

/** A static counter behind static synchronized methods (the Class object is the lock): race-free. */
@ExpectRaces({})
public class StaticSyncCounter {
    private static int count;

    static synchronized void increment() {
        count++;
    }

    public static void main(String[] args) throws Exception {
        Runnable body = () -> {
            for (int i = 0; i < 500; i++) {
                increment();
            }
        };
        Threads.run(body, body);
        System.out.println("count " + count);
    }
}
