package bigfoot.bench.kernels;

import java.util.Arrays;
import java.util.Random;

/**
 * Indirect-indexing kernel: JavaGrande's SparseMatmult, written here from its algorithm. A seeded random matrix in
 * coordinate form (the row, column and value of each non-zero, at random positions, then sorted by row) is multiplied
 * into one vector {@code products} times, {@code y[row[i]] += x[col[i]] * val[i]} over every non-zero i: the reads
 * of x and the updates of y go through index arrays, so no check of theirs can become a range. Each thread takes the
 * non-zeros of a contiguous block of rows, so the threads update disjoint elements of y and only read x (made
 * before they start), and, as in JavaGrande, they never synchronise until they are joined. Each element of y takes its
 * terms in the same order whatever the split, so the result is checked against a one-thread run.
 * <p>Sizes (rows, non-zeros, products): small 1000, 5000, 20; medium 10000, 50000, 100; large 50000, 250000, 200
 * (JavaGrande's size A). Arguments: see {@link KernelArgs}.
 */
public final class Sparse {

    /** A sparse matrix in coordinate form, sorted by row; rows [r, s) have the non-zeros [rowStart[r], rowStart[s]). */
    static final class Coo {
        final int[] row;
        final int[] col;
        final double[] val;
        final int[] rowStart;

        Coo(int rows, int nonZeros, Random random) {
            int[] randomRow = new int[nonZeros];
            int[] randomCol = new int[nonZeros];
            double[] randomVal = new double[nonZeros];
            rowStart = new int[rows + 1];
            for (int i = 0; i < nonZeros; i++) {
                randomRow[i] = random.nextInt(rows);
                randomCol[i] = random.nextInt(rows);
                randomVal[i] = random.nextDouble();
                rowStart[randomRow[i] + 1]++;
            }
            for (int r = 0; r < rows; r++) {
                rowStart[r + 1] += rowStart[r];
            }
            row = new int[nonZeros];
            col = new int[nonZeros];
            val = new double[nonZeros];
            int[] next = Arrays.copyOf(rowStart, rows); // a stable counting sort by row
            for (int i = 0; i < nonZeros; i++) {
                int at = next[randomRow[i]]++;
                row[at] = randomRow[i];
                col[at] = randomCol[i];
                val[at] = randomVal[i];
            }
        }

        int rows() {
            return rowStart.length - 1;
        }
    }

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("sparse", args);
        int rows = a.size().pick(1000, 10_000, 50_000);
        int nonZeros = a.size().pick(5_000, 50_000, 250_000);
        int products = a.size().pick(20, 100, 200);
        Random random = new Random(10101010L);
        Coo m = new Coo(rows, nonZeros, random);
        double[] x = new double[rows];
        for (int i = 0; i < rows; i++) {
            x[i] = random.nextDouble();
        }
        double[] expected = run(m, x, products, 1);
        KernelTimer.time("sparse", a, () -> {
            double[] y = run(m, x, products, a.threads());
            KernelTimer.check(Arrays.equals(y, expected), "the product differs from the one-thread result");
            double sum = 0;
            for (double v : y) {
                sum += v;
            }
            return sum;
        });
    }

    /** y = products * (A x), each thread accumulating the non-zeros of its rows. */
    static double[] run(Coo m, double[] x, int products, int threads) throws Exception {
        double[] y = new double[m.rows()];
        Team.run("sparse", threads, (t, barrier) -> {
            int lo = m.rowStart[Team.lo(t, threads, m.rows())];
            int hi = m.rowStart[Team.hi(t, threads, m.rows())];
            for (int k = 0; k < products; k++) {
                multiply(m.row, m.col, m.val, x, y, lo, hi);
            }
        });
        return y;
    }

    /** y[row[i]] += x[col[i]] * val[i] over the non-zeros [lo, hi). */
    private static void multiply(int[] row, int[] col, double[] val, double[] x, double[] y, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            y[row[i]] += x[col[i]] * val[i];
        }
    }
}
