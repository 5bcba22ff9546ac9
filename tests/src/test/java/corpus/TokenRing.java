package corpus;

/**
 * Three threads pass a token through a volatile turn variable; only the holder touches the shared data.
 * Each hand-off is a volatile write seen by a volatile read, so all data accesses are ordered.
 */
@ExpectRaces({})
public class TokenRing {
    static final int THREADS = 3;
    static final int ROUNDS = 20;
    static volatile int turn;
    static int data;

    public static void main(String[] args) throws Exception {
        Runnable[] bodies = new Runnable[THREADS];
        for (int k = 0; k < THREADS; k++) {
            int me = k;
            bodies[k] = () -> {
                for (int r = 0; r < ROUNDS; r++) {
                    while (turn != r * THREADS + me) {
                        Thread.onSpinWait();
                    }
                    data += me;
                    turn = turn + 1;
                }
            };
        }
        Threads.run(bodies);
        System.out.println("data " + data);
    }
}
