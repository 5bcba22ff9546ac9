package corpus;

/** Wide (two-slot) fields and arrays: racy long and double fields, a racy long[] element, a partitioned double[]. */
@ExpectRaces({"corpus.LongDoubleRace.total", "corpus.LongDoubleRace.mean", "long[3]"})
public class LongDoubleRace {
    long total;
    double mean;

    public static void main(String[] args) throws Exception {
        LongDoubleRace r = new LongDoubleRace();
        long[] la = new long[6];
        double[] da = new double[6];
        Threads.run(() -> {
            r.total += 1L << 40;
            r.mean = 1.5;
            la[3] = Long.MAX_VALUE;
            la[0] = 1;
            da[0] = 0.5;
        }, () -> {
            r.total += 1L << 41;
            r.mean = 2.5;
            la[3] = Long.MIN_VALUE;
            la[5] = 5;
            da[5] = 5.5;
        });
        System.out.println("total " + r.total + " mean " + r.mean + " la3 " + la[3] + " da " + (da[0] + da[5]));
    }
}
