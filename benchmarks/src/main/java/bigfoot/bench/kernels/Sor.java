package bigfoot.bench.kernels;

import java.util.concurrent.CyclicBarrier;

/**
 * Array-heavy kernel: red-black successive over-relaxation on a {@code double[n][n]} grid, rows split
 * between threads, phases separated by a {@link CyclicBarrier} (race-free). JavaGrande's SOR algorithm,
 * written here from the algorithm.
 * <p>Arguments: n, sweeps, threads, warm-ups, iterations.
 */
public final class Sor {

    public static void main(String[] args) throws Exception {
        int n = KernelTimer.arg(args, 0, 500);
        int sweeps = KernelTimer.arg(args, 1, 20);
        int threads = KernelTimer.arg(args, 2, 2);
        KernelTimer.time("sor", KernelTimer.arg(args, 3, 2), KernelTimer.arg(args, 4, 5), () -> run(n, sweeps, threads));
    }

    static double run(int n, int sweeps, int threads) throws Exception {
        double[][] g = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = ((i * 31 + j * 17) % 100) / 100.0;
            }
        }
        CyclicBarrier barrier = new CyclicBarrier(threads);
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int lo = 1 + t * (n - 2) / threads;
            int hi = 1 + (t + 1) * (n - 2) / threads;
            workers[t] = new Thread(() -> sweep(g, lo, hi, sweeps, barrier), "sor-" + t);
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        double sum = 0;
        for (double[] row : g) {
            for (double v : row) {
                sum += v;
            }
        }
        return sum;
    }

    private static void sweep(double[][] g, int lo, int hi, int sweeps, CyclicBarrier barrier) {
        final double omega = 1.25;
        int n = g.length;
        try {
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
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
