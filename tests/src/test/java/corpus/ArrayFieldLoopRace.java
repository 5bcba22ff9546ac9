package corpus;

/**
 * Loops over arrays reached through fields: javac reloads {@code this.data} and {@code grid[i]} in every iteration,
 * and nothing in the loops writes them, so StaticBF checks one range per loop (ALIAS). Worker 0 writes all of
 * {@code data} while worker 1 reads its upper half; each worker clears its own rows of {@code grid}, but both clear
 * row 2.
 */
@ExpectRaces({"double[5..9]", "int[0..7]"})
public class ArrayFieldLoopRace {
    final double[] data = new double[10];
    final int[][] grid = new int[4][8];

    void fill(int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            data[i] = i * 0.5;
        }
    }

    double sum(int lo, int hi) {
        double s = 0;
        for (int i = lo; i < hi; i++) {
            s += data[i];
        }
        return s;
    }

    void clearRows(int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            for (int j = 0; j < grid[i].length; j++) {
                grid[i][j] = i + j;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ArrayFieldLoopRace s = new ArrayFieldLoopRace();
        double[] seen = new double[1];
        Threads.run(() -> {
            s.fill(0, 10);
            s.clearRows(0, 3);
        }, () -> {
            seen[0] = s.sum(5, 10);
            s.clearRows(2, 4);
        });
        System.out.println("rows " + s.grid[1][7] + " " + s.grid[3][7] + " sum " + (seen[0] >= 0));
    }
}
