package corpus;

/**
 * Two threads smooth the two halves of a shared input into disjoint halves of an output, each reading its
 * neighbours a[j-1], a[j], a[j+1] (read-only input: no race); then a third thread writes in[10], which the first
 * thread's stencil read, while that thread is still unordered with it: exactly that element races. Under bigfoot
 * the three shifted reads become one coalesced range check after the loop.
 */
@ExpectRaces("double[10]")
public class StencilHalves {
    public static void main(String[] args) throws Exception {
        double[] in = new double[22];
        for (int i = 0; i < in.length; i++) {
            in[i] = i;
        }
        double[] out = new double[22];
        Threads.run(() -> smooth(in, out, 1, 11), () -> smooth(in, out, 11, 21), () -> in[10] = -1);
        System.out.println("out[10] " + out[10] + " out[11] " + out[11]);
    }

    static void smooth(double[] a, double[] b, int from, int to) {
        for (int j = from; j < to; j++) {
            b[j] = (a[j - 1] + a[j] + a[j + 1]) / 3;
        }
    }
}
