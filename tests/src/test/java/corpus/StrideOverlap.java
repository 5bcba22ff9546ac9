package corpus;

/** Strides 3 and 5 from 0 over 30 elements meet at the multiples of 15: indices 0 and 15,
 * written by one pair of sites (so reported once, on either index). */
@ExpectRaces("int[0,15]")
public class StrideOverlap {
    public static void main(String[] args) throws Exception {
        int[] a = new int[30];
        Threads.run(() -> stride(a, 3), () -> stride(a, 5));
        System.out.println("a[15] " + a[15]);
    }

    static void stride(int[] a, int step) {
        for (int i = 0; i < a.length; i += step) {
            a[i] = step;
        }
    }
}
