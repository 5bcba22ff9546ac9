package corpus;

/** A writer loop over [0,10) and a reader loop over [5,15) of the same array: the overlap [5,10) races. */
@ExpectRaces("int[5..9]")
public class LoopRace {
    public static void main(String[] args) throws Exception {
        int[] a = new int[15];
        long[] sum = new long[1];
        Threads.run(() -> {
            for (int i = 0; i < 10; i++) {
                a[i] = i;
            }
        }, () -> {
            long s = 0;
            for (int i = 5; i < 15; i++) {
                s += a[i];
            }
            sum[0] = s;
        });
        System.out.println("sum " + sum[0]);
    }
}
