package corpus;

/**
 * Values written by a static initialiser and read by two threads that race to trigger it: class
 * initialisation happens-before every use of the class, so nothing races. main never touches the table.
 */
@ExpectRaces({})
public class StaticInitRaceFree {
    public static void main(String[] args) throws Exception {
        long[] sums = new long[2];
        Threads.run(() -> sums[0] = StaticInitTable.sum(), () -> sums[1] = StaticInitTable.sum());
        System.out.println("sums " + sums[0] + " " + sums[1]);
    }
}

class StaticInitTable {
    static int[] squares;
    static int offset;

    static {
        squares = new int[16];
        for (int i = 0; i < squares.length; i++) {
            squares[i] = i * i;
        }
        offset = 7;
    }

    static long sum() {
        long s = offset;
        for (int v : squares) {
            s += v;
        }
        return s;
    }
}
