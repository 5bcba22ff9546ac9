package corpus;

/**
 * Loops whose test may throw, leaving the method: a checked range's end must be the loop variable the test was
 * about to compare, in every iteration, the first one of each entry included. {@code fill}'s second row is null,
 * so the inner loop's test throws in its first iteration, after a release; {@code scan}'s test reads past the end
 * of {@code limits} after three iterations. Race-free: one thread.
 */
@ExpectRaces({})
public class LoopTestThrows {
    static final Object LOCK = new Object();
    final int[] a = new int[8];
    int rows;

    void fill(int[][] grid) {
        for (int r = 0; r < grid.length; r++) {
            synchronized (LOCK) {
                rows++;
            }
            for (int j = 0; j < grid[r].length; j++) {
                a[j] = r;
            }
        }
    }

    int scan(int[] limits) {
        int s = 0;
        for (int j = 0; j < limits[j]; j++) {
            s += a[j];
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        LoopTestThrows t = new LoopTestThrows();
        Runnable worker = () -> {
            try {
                t.fill(new int[][] {new int[3], null});
            } catch (NullPointerException expected) {
                System.out.println("null row");
            }
            try {
                t.scan(new int[] {5, 5, 5});
            } catch (ArrayIndexOutOfBoundsException expected) {
                System.out.println("past the limits");
            }
        };
        Threads.run(worker);
        System.out.println(t.rows);
    }
}
