package corpus;

/**
 * Particles' neighbour windows: loops from {@code Math.max(0, i - w)} to {@code Math.min(n, i + w)}, one range check
 * after each (the call's result starts the range; the bound, recomputed in every test, cannot throw). One worker reads
 * the windows around 2 and 37, clipped at both ends of the array (a[0..5) and a[34..40)); the other writes a[4], a[20]
 * and a[36]: the clipped windows race at 4 and 36, not at 20.
 */
@ExpectRaces({"int[4]", "int[36]"})
public class MathWindows {
    public static void main(String[] args) throws Exception {
        int[] a = new int[40];
        int[] sums = new int[2];
        Threads.run(() -> {
            sums[0] = window(a, 2, 3);
            sums[1] = window(a, 37, 3);
        }, () -> {
            a[4] = 1;
            a[20] = 1;
            a[36] = 1;
        });
        System.out.println("sums " + sums[0] + " " + sums[1]);
    }

    static int window(int[] a, int i, int w) {
        int s = 0;
        for (int k = Math.max(0, i - w); k < Math.min(a.length, i + w); k++) {
            s += a[k];
        }
        return s;
    }
}
