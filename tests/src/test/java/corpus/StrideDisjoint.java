package corpus;

/** Even and odd indices written by different threads: interleaved but disjoint, no race. */
@ExpectRaces({})
public class StrideDisjoint {
    public static void main(String[] args) throws Exception {
        int[] a = new int[40];
        Threads.run(() -> stride(a, 0), () -> stride(a, 1));
        System.out.println("a[39] " + a[39]);
    }

    static void stride(int[] a, int start) {
        for (int i = start; i < a.length; i += 2) {
            a[i] = i;
        }
    }
}
