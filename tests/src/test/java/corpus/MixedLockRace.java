package corpus;

/** One thread locks, the other does not: a lock held by only one side orders nothing. */
@ExpectRaces("corpus.MixedLockRace.count")
public class MixedLockRace {
    private final Object lock = new Object();
    private int count;

    public static void main(String[] args) throws Exception {
        MixedLockRace c = new MixedLockRace();
        Threads.run(() -> {
            for (int i = 0; i < 100; i++) {
                synchronized (c.lock) {
                    c.count++;
                }
            }
        }, () -> {
            for (int i = 0; i < 100; i++) {
                c.count++;
            }
        });
        System.out.println("count " + c.count);
    }
}
