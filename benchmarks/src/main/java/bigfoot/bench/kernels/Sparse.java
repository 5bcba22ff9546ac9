package bigfoot.bench.kernels;

import java.util.Arrays;
import java.util.Random;

/**
 * Indirect-indexing kernel: repeated sparse matrix-vector products with a seeded random matrix in compressed
 * sparse row form (row starts, column indices, values), as JavaGrande's SparseMatmult but iterated as a
 * Jacobi-style fixed-point iteration x(k+1) = b + A x(k), rows split among threads, the reads
 * {@code x[col[p]]} reaching rows of every thread. Each product reads one buffer and writes the other, with a
 * barrier before the buffers swap. Every row's absolute sum is below 1, so the iterates converge to
 * (I - A)^-1 b. Each row's sum is taken in the same order whatever the split, so the result is checked
 * against a one-thread run.
 * <p>Sizes (rows, products; 5 non-zeros per row): small 1000, 6; medium 10000, 10; large 50000, 40.
 * Arguments: see {@link KernelArgs}.
 */
public final class Sparse {

    static final int PER_ROW = 5;

    /** A sparse matrix: row r's entries are {@code col[p], val[p]} for p in [start[r], start[r + 1]). */
    static final class Csr {
        final int[] start;
        final int[] col;
        final double[] val;

        Csr(int rows, int perRow, Random random) {
            start = new int[rows + 1];
            col = new int[rows * perRow];
            val = new double[rows * perRow];
            for (int r = 0; r < rows; r++) {
                start[r + 1] = start[r] + perRow;
                for (int p = start[r]; p < start[r + 1]; p++) {
                    col[p] = random.nextInt(rows);
                    val[p] = (random.nextDouble() - 0.5) * 1.9 / perRow;
                }
            }
        }

        int rows() {
            return start.length - 1;
        }
    }

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("sparse", args);
        int rows = a.size().pick(1000, 10_000, 50_000);
        int products = a.size().pick(6, 10, 40);
        Random random = new Random(10101010L);
        Csr m = new Csr(rows, PER_ROW, random);
        double[] b = new double[rows];
        for (int i = 0; i < rows; i++) {
            b[i] = random.nextDouble();
        }
        double[] expected = run(m, b, products, 1);
        KernelTimer.time("sparse", a, () -> {
            double[] x = run(m, b, products, a.threads());
            KernelTimer.check(Arrays.equals(x, expected), "the iterate differs from the one-thread result");
            double sum = 0;
            for (double v : x) {
                sum += v;
            }
            return sum;
        });
    }

    /** The iterate after {@code products} steps from x(0) = b. */
    static double[] run(Csr m, double[] b, int products, int threads) throws Exception {
        double[][] buffers = {b.clone(), new double[b.length]};
        Team.run("sparse", threads, (t, barrier) -> {
            int lo = Team.lo(t, threads, m.rows());
            int hi = Team.hi(t, threads, m.rows());
            for (int k = 0; k < products; k++) {
                step(m, b, buffers[k % 2], buffers[(k + 1) % 2], lo, hi);
                barrier.await();
            }
        });
        return buffers[products % 2];
    }

    /** y = b + A x on rows [lo, hi). */
    private static void step(Csr m, double[] b, double[] x, double[] y, int lo, int hi) {
        int[] start = m.start;
        int[] col = m.col;
        double[] val = m.val;
        for (int r = lo; r < hi; r++) {
            double sum = b[r];
            for (int p = start[r]; p < start[r + 1]; p++) {
                sum += val[p] * x[col[p]];
            }
            y[r] = sum;
        }
    }
}
