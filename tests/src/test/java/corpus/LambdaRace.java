package corpus;

/** Lambdas and a method reference bump a static total; each also fills its own result slot (race-free). */
@ExpectRaces("corpus.LambdaRace.total")
public class LambdaRace {
    static int total;
    static final int[] RESULTS = new int[3];

    static void bump() {
        total += 10;
        RESULTS[2] = 3;
    }

    public static void main(String[] args) throws Exception {
        Runnable first = () -> {
            total += 1;
            RESULTS[0] = 1;
        };
        Runnable second = () -> {
            total += 2;
            RESULTS[1] = 2;
        };
        Threads.run(first, second, LambdaRace::bump);
        System.out.println("total " + total + " results " + (RESULTS[0] + RESULTS[1] + RESULTS[2]));
    }
}
