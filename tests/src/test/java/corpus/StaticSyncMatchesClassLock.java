package corpus;

/** A static synchronized method and a synchronized (X.class) block hold the same monitor: race-free. */
@ExpectRaces({})
public class StaticSyncMatchesClassLock {
    static int count;

    static synchronized void viaMethod() {
        count++;
    }

    static void viaBlock() {
        synchronized (StaticSyncMatchesClassLock.class) {
            count++;
        }
    }

    public static void main(String[] args) throws Exception {
        Threads.run(() -> {
            for (int i = 0; i < 100; i++) {
                viaMethod();
            }
        }, () -> {
            for (int i = 0; i < 100; i++) {
                viaBlock();
            }
        });
        System.out.println("count " + count);
    }
}
