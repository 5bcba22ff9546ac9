package corpus;

/** Re-entrant locking: nested synchronized blocks and synchronized methods calling each other on the same monitor. */
@ExpectRaces({})
public class ReentrantSync {
    private int depth;
    private int total;

    synchronized void outer(int i) {
        depth++;
        inner(i);
        synchronized (this) {
            total += depth;
        }
        depth--;
    }

    synchronized void inner(int i) {
        total += i;
    }

    public static void main(String[] args) throws Exception {
        ReentrantSync r = new ReentrantSync();
        Runnable body = () -> {
            for (int i = 0; i < 100; i++) {
                r.outer(i);
            }
        };
        Threads.run(body, body);
        System.out.println("total " + r.total);
    }
}
