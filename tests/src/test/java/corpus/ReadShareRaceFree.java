package corpus;

/**
 * The parent writes configuration, four threads read it concurrently (read sharing), the parent joins
 * them all and writes again: the final write follows every shared read.
 */
@ExpectRaces({})
public class ReadShareRaceFree {
    static int limit;
    static int[] weights;

    public static void main(String[] args) throws Exception {
        limit = 10;
        weights = new int[] {1, 2, 3, 4};
        long[] results = new long[4];
        Runnable[] bodies = new Runnable[4];
        for (int k = 0; k < 4; k++) {
            int me = k;
            bodies[k] = () -> {
                long s = 0;
                for (int i = 0; i < limit; i++) {
                    s += weights[i % weights.length];
                }
                results[me] = s;
            };
        }
        Threads.run(bodies);
        limit = 0;
        weights[0] = 0;
        System.out.println("results " + results[0] + " " + results[3]);
    }
}
