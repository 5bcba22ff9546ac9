package bigfoot.bench.kernels;

/**
 * Compute kernel: the first Fourier coefficients of f(x) = (x+1)^x on [0, 2] (period 2), each integral by
 * the trapezoid rule over 1000 intervals, as JavaGrande's Series; coefficient indices split among threads,
 * each thread writing its own slice of the shared coefficient arrays. Check: a0, a1 and b1 against the exact
 * integrals, within the trapezoid rule's error, and every coefficient against a one-thread run.
 * (JavaGrande's validation values, a0 = 2.8729524964, a1 = 1.1161046676, b1 = -1.8819691893, come from its
 * integrator leaving out the sample at x = 2 - dx; a0 here is larger by exactly that sample's dx f(2 - dx) / 2.)
 * <p>Sizes (coefficients): small 100; medium 3000; large 10000. Arguments: see {@link KernelArgs}.
 */
public final class Series {

    static final int INTERVALS = 1000;
    /** a0, a1, b1 to 12 digits (Simpson's rule over 10^6 intervals; 10^5 agree to every digit). */
    static final double A0 = 2.881918137545, A1 = 1.134035595674, B1 = -1.882090265021;
    /** The trapezoid rule's error over 1000 intervals is about 1e-5 here (measured: 2.6e-6, 5.3e-6, 8.4e-6). */
    static final double TOLERANCE = 2e-5;

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("series", args);
        int n = a.size().pick(100, 3000, 10_000);
        double[][] expected = run(n, 1);
        KernelTimer.time("series", a, () -> {
            double[][] c = run(n, a.threads());
            KernelTimer.check(Math.abs(c[0][0] - A0) < TOLERANCE && Math.abs(c[0][1] - A1) < TOLERANCE
                    && Math.abs(c[1][1] - B1) < TOLERANCE,
                    "a0, a1, b1 = " + c[0][0] + ", " + c[0][1] + ", " + c[1][1] + " differ from " + A0 + ", " + A1 + ", " + B1);
            for (int k = 0; k < 2; k++) {
                for (int i = 0; i < n; i++) {
                    KernelTimer.check(c[k][i] == expected[k][i], (k == 0 ? "a" : "b") + i + " = " + c[k][i]
                            + " differs from the one-thread value " + expected[k][i]);
                }
            }
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += c[0][i] + c[1][i];
            }
            return sum;
        });
    }

    /** The coefficients: {a0..a(n-1)} and {b0..b(n-1)} (b0 = 0). */
    static double[][] run(int n, int threads) throws Exception {
        double[][] c = new double[2][n];
        Team.run("series", threads, (t, barrier) -> {
            for (int i = Team.lo(t, threads, n); i < Team.hi(t, threads, n); i++) {
                if (i == 0) {
                    c[0][0] = integrate(0, false) / 2; // the mean value, f's integral over its period 2
                } else {
                    double omega = Math.PI * i;
                    c[0][i] = integrate(omega, false);
                    c[1][i] = integrate(omega, true);
                }
            }
        });
        return c;
    }

    /** The trapezoid rule for the integral over [0, 2] of f(x) cos(omega x), or f(x) sin(omega x). */
    private static double integrate(double omega, boolean sine) {
        double dx = 2.0 / INTERVALS;
        double sum = (integrand(0, omega, sine) + integrand(2, omega, sine)) / 2;
        for (int k = 1; k < INTERVALS; k++) {
            sum += integrand(k * dx, omega, sine);
        }
        return sum * dx;
    }

    private static double integrand(double x, double omega, boolean sine) {
        double f = Math.pow(x + 1, x);
        return omega == 0 ? f : f * (sine ? Math.sin(omega * x) : Math.cos(omega * x));
    }
}
