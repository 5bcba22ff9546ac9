package corpus;

/**
 * Arrays written whole by a loop over their length, then updated at scattered indices (moldyn's partial forces):
 * StaticBF covers the updates with the loop's range check (WHOLE ARRAY). Each worker zeroes and updates its own
 * array, but worker 1 also reads element 5 of worker 0's. A loop that may stop before the length covers only what it
 * wrote: worker 0 clears {@code flags} up to the first negative one (index 4), then sets element 7, which worker 1
 * reads; worker 1 also reads element 9, which nobody writes.
 */
@ExpectRaces({"double[5]", "int[7]"})
public class WholeArrayUpdates {
    final double[] mine = new double[12];
    final double[] theirs = new double[12];
    final int[] flags = new int[12];

    static void zeroThenUpdate(double[] f, int[] at) {
        for (int i = 0; i < f.length; i++) {
            f[i] = 0;
        }
        for (int k = 0; k < at.length; k++) {
            f[at[k]] += k;
        }
    }

    static void clearUntilNegative(int[] f, int j) {
        for (int i = 0; i < f.length; i++) {
            if (f[i] < 0) {
                break;
            }
            f[i] = 0;
        }
        f[j] = 1;
    }

    public static void main(String[] args) throws Exception {
        WholeArrayUpdates s = new WholeArrayUpdates();
        s.flags[4] = -1;
        double[] seen = new double[2];
        int[] flagsSeen = new int[2];
        Threads.run(() -> {
            zeroThenUpdate(s.mine, new int[] {5, 1, 9, 5});
            clearUntilNegative(s.flags, 7);
        }, () -> {
            zeroThenUpdate(s.theirs, new int[] {2, 11});
            seen[0] = s.mine[5];
            flagsSeen[0] = s.flags[7];
            flagsSeen[1] = s.flags[9];
        });
        System.out.println("updates " + s.theirs[11] + " " + (seen[0] >= 0) + " " + (flagsSeen[0] >= 0));
    }
}
