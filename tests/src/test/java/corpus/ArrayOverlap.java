package corpus;

/** Two partitions that overlap on indices 10 and 11: only the overlap races. */
@ExpectRaces("int[10..11]")
public class ArrayOverlap {
    public static void main(String[] args) throws Exception {
        int[] a = new int[20];
        Threads.run(() -> fill(a, 0, 12, 1), () -> fill(a, 10, 20, 2));
        System.out.println("a[11] " + a[11]);
    }

    static void fill(int[] a, int from, int to, int value) {
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }
}
