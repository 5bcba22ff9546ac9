package corpus;

/**
 * Five thousand short-lived threads, all started by main and joined only at the end, so none can reuse another's
 * tid: tids run past 4,095. Each writes its own element of one array (race-free); the 4,500th and the 4,900th also
 * write {@code shared}, and that pair races whatever tids they got.
 */
@ExpectRaces({"corpus.ManyShortThreadsRace.shared"})
public class ManyShortThreadsRace {
    static final int THREADS = 5_000;
    static int shared;

    public static void main(String[] args) throws Exception {
        int[] own = new int[THREADS];
        Thread[] threads = new Thread[THREADS];
        for (int k = 0; k < THREADS; k++) {
            int id = k;
            threads[k] = new Thread(() -> {
                own[id] = id;
                if (id == 4_500 || id == 4_900) {
                    shared = id;
                }
            }, "short-" + k);
            threads[k].start();
        }
        long sum = 0;
        for (int k = 0; k < THREADS; k++) {
            threads[k].join();
            sum += own[k];
        }
        System.out.println("sum " + sum);
    }
}
