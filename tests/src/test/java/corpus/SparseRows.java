package corpus;

/**
 * Rows of a sparse matrix in compressed rows (JavaGrande's SparseMatmult): the inner loop's test reads
 * {@code start[r + 1]} in every iteration, so bigfoot checks {@code val} and {@code col} as one range per row after
 * it and {@code x[col[p]]} per element. One worker multiplies rows 0..2 (val and col 0..8, x 0..4); the other rewrites
 * {@code start[2]} (same value), {@code val[7]}, {@code val[15]} (row 5) and {@code x[9]}: races on start[2] and val[7].
 */
@ExpectRaces({"int[2]", "double[7]"})
public class SparseRows {
    public static void main(String[] args) throws Exception {
        int rows = 6;
        int[] start = new int[rows + 1];
        int[] col = new int[3 * rows];
        double[] val = new double[3 * rows];
        double[] x = new double[10];
        for (int r = 0; r < rows; r++) {
            start[r + 1] = start[r] + 3;
        }
        for (int p = 0; p < col.length; p++) {
            col[p] = p % 5;
            val[p] = p;
        }
        double[] y = new double[rows];
        Threads.run(() -> multiply(start, col, val, x, y, 0, 3), () -> {
            start[2] = 6;
            val[7] = 1;
            val[15] = 1;
            x[9] = 1;
        });
        System.out.println("y[0] " + y[0]);
    }

    static void multiply(int[] start, int[] col, double[] val, double[] x, double[] y, int lo, int hi) {
        for (int r = lo; r < hi; r++) {
            double sum = 0;
            for (int p = start[r]; p < start[r + 1]; p++) {
                sum += val[p] * x[col[p]];
            }
            y[r] = sum;
        }
    }
}
