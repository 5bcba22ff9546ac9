package corpus;

/** Every access to the counter is inside synchronized (lock): race-free. */
@ExpectRaces({})
public class SyncBlockCounter {
    private final Object lock = new Object();
    private int count;

    public static void main(String[] args) throws Exception {
        SyncBlockCounter c = new SyncBlockCounter();
        Runnable body = () -> {
            for (int i = 0; i < 500; i++) {
                synchronized (c.lock) {
                    c.count++;
                }
            }
        };
        Threads.run(body, body, body);
        System.out.println("count " + c.count);
    }
}
