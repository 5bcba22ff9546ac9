package bigfoot.bench.kernels;

import java.util.Arrays;
import java.util.Random;

/**
 * Triangular-pattern kernel: LU factorisation with partial pivoting of a dense n x n matrix stored by
 * columns, as Linpack's dgefa (JavaGrande's LUFact), then the solve (dgesl). For each pivot step k, worker
 * 0 finds the pivot in column k, records it, swaps it into place and scales the column; after a barrier,
 * the columns k+1..n-1 are split among the workers, each swapping and eliminating its own columns (a range
 * that shrinks as k grows); a second barrier ends the step. Check: the scaled residual
 * ||Ax - b|| / (n ||A|| ||x|| eps) is small (Linpack's criterion), with b = A (1, ..., 1).
 * <p>Sizes (n): small 60; medium 300; large 1000. Arguments: see {@link KernelArgs}.
 */
public final class LUFact {

    /** Linpack accepts a normalised residual of order 1; far above it means a wrong factorisation. */
    static final double MAX_NORMALISED_RESIDUAL = 100;

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("lufact", args);
        int n = a.size().pick(60, 300, 1000);
        double[][] matrix = matrix(n);
        double[] b = times(matrix, ones(n));
        KernelTimer.time("lufact", a, () -> {
            double[][] lu = new double[n][];
            for (int j = 0; j < n; j++) {
                lu[j] = matrix[j].clone();
            }
            int[] pivots = factor(lu, a.threads());
            double[] x = solve(lu, pivots, b);
            double residual = normalisedResidual(matrix, x, b);
            KernelTimer.check(residual < MAX_NORMALISED_RESIDUAL, "normalised residual ||Ax-b|| / (n ||A|| ||x|| eps) = "
                    + residual + ", above " + MAX_NORMALISED_RESIDUAL);
            double sum = 0;
            for (double v : x) {
                sum += v;
            }
            return sum;
        });
    }

    /** A seeded random matrix, columns {@code a[j]}, entries in [-0.5, 0.5). */
    static double[][] matrix(int n) {
        Random random = new Random(1325L);
        double[][] a = new double[n][n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                a[j][i] = random.nextDouble() - 0.5;
            }
        }
        return a;
    }

    /** Factors the column-stored matrix in place (L's multipliers below the diagonal, negated); returns the pivot rows. */
    static int[] factor(double[][] a, int threads) throws Exception {
        int n = a.length;
        int[] pivots = new int[n];
        pivots[n - 1] = n - 1;
        Team.run("lufact", threads, (t, barrier) -> {
            for (int k = 0; k < n - 1; k++) {
                if (t == 0) {
                    pivotColumn(a[k], k, pivots);
                }
                barrier.await();
                int columns = n - (k + 1);
                eliminate(a, k, pivots[k], k + 1 + Team.lo(t, threads, columns), k + 1 + Team.hi(t, threads, columns));
                barrier.await();
            }
        });
        return pivots;
    }

    /** Step k on the pivot column: the row of its largest entry at or below k, swapped to row k; the rest scaled by -1/pivot. */
    private static void pivotColumn(double[] col, int k, int[] pivots) {
        int l = k;
        for (int i = k + 1; i < col.length; i++) {
            if (Math.abs(col[i]) > Math.abs(col[l])) {
                l = i;
            }
        }
        pivots[k] = l;
        if (col[l] == 0) {
            return; // singular column: nothing to eliminate (dgefa records it the same way)
        }
        double p = col[l];
        col[l] = col[k];
        col[k] = p;
        double scale = -1 / p;
        for (int i = k + 1; i < col.length; i++) {
            col[i] *= scale;
        }
    }

    /** Step k on columns [lo, hi): swap rows k and l, then add the multiple of the pivot column (daxpy). */
    private static void eliminate(double[][] a, int k, int l, int lo, int hi) {
        double[] pivot = a[k];
        if (pivot[k] == 0) {
            return;
        }
        for (int j = lo; j < hi; j++) {
            double[] col = a[j];
            double t = col[l];
            if (l != k) {
                col[l] = col[k];
                col[k] = t;
            }
            for (int i = k + 1; i < col.length; i++) {
                col[i] += t * pivot[i];
            }
        }
    }

    /** Solves A x = b from the factorisation (dgesl, no transpose): forward with L, then back with U. */
    static double[] solve(double[][] lu, int[] pivots, double[] b) {
        int n = lu.length;
        double[] x = b.clone();
        for (int k = 0; k < n - 1; k++) {
            int l = pivots[k];
            double t = x[l];
            x[l] = x[k];
            x[k] = t;
            for (int i = k + 1; i < n; i++) {
                x[i] += t * lu[k][i];
            }
        }
        for (int k = n - 1; k >= 0; k--) {
            x[k] /= lu[k][k];
            double t = -x[k];
            for (int i = 0; i < k; i++) {
                x[i] += t * lu[k][i];
            }
        }
        return x;
    }

    static double normalisedResidual(double[][] a, double[] x, double[] b) {
        double[] ax = times(a, x);
        double residual = 0, normA = 0, normX = 0;
        for (int i = 0; i < b.length; i++) {
            residual = Math.max(residual, Math.abs(ax[i] - b[i]));
            normX = Math.max(normX, Math.abs(x[i]));
        }
        for (double[] col : a) {
            for (double v : col) {
                normA = Math.max(normA, Math.abs(v));
            }
        }
        return residual / (b.length * normA * normX * Math.ulp(1.0));
    }

    /** A x for the column-stored A. */
    static double[] times(double[][] a, double[] x) {
        double[] y = new double[a.length];
        for (int j = 0; j < a.length; j++) {
            for (int i = 0; i < y.length; i++) {
                y[i] += a[j][i] * x[j];
            }
        }
        return y;
    }

    private static double[] ones(int n) {
        double[] x = new double[n];
        Arrays.fill(x, 1);
        return x;
    }
}
