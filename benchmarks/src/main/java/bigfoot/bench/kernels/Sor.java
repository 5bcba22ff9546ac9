package bigfoot.bench.kernels;

import java.util.concurrent.CyclicBarrier;

/**
 * Array-heavy kernel: red-black successive over-relaxation on a {@code double[n][n]} grid, rows split
 * between threads, phases separated by a {@link CyclicBarrier} (race-free). JavaGrande's SOR algorithm,
 * written here from the algorithm. A red-black sweep only reads the other colour, so the result does not
 * depend on the split: it is checked against a one-thread run of the same code.
 * <p>Sizes (grid side, sweeps): small 80, 10; medium 800, 20; large 1500, 20. Arguments: see {@link KernelArgs}.
 */
public final class Sor {

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("sor", args);
        int n = a.size().pick(80, 800, 1500);
        int sweeps = a.size().pick(10, 20, 20);
        double expected = run(n, sweeps, 1);
        KernelTimer.time("sor", a, () -> {
            double sum = run(n, sweeps, a.threads());
            KernelTimer.check(sum == expected, "grid sum " + sum + " differs from the one-thread sum " + expected);
            return sum;
        });
    }

    static double run(int n, int sweeps, int threads) throws Exception {
        double[][] g = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = ((i * 31 + j * 17) % 100) / 100.0;
            }
        }
        Team.run("sor", threads, (t, barrier) -> sweep(g, 1 + Team.lo(t, threads, n - 2),
                1 + Team.hi(t, threads, n - 2), sweeps, barrier));
        double sum = 0;
        for (double[] row : g) {
            for (double v : row) {
                sum += v;
            }
        }
        return sum;
    }

    private static void sweep(double[][] g, int lo, int hi, int sweeps, CyclicBarrier barrier) throws Exception {
        final double omega = 1.25;
        int n = g.length;
        for (int s = 0; s < sweeps; s++) {
            for (int colour = 0; colour < 2; colour++) {
                for (int i = lo; i < hi; i++) {
                    double[] up = g[i - 1];
                    double[] row = g[i];
                    double[] down = g[i + 1];
                    for (int j = 1 + (i + colour) % 2; j < n - 1; j += 2) {
                        row[j] = omega * 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1]) + (1 - omega) * row[j];
                    }
                }
                barrier.await();
            }
        }
    }
}
