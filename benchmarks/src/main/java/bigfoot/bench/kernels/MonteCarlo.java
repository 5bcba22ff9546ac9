package bigfoot.bench.kernels;

import java.util.Random;

/**
 * Thread-local kernel: Monte Carlo pricing of a European call option, as JavaGrande's MonteCarlo simulates
 * price paths. Each path is a geometric Brownian motion walked in daily steps by its own
 * {@link java.util.Random} seeded with the path's number, so the paths do not depend on the thread that
 * walks them; the paths are split among threads, each walking them with its own {@link Walker} object and
 * storing the discounted payoffs in its own slice of a shared array, which the main thread combines after
 * joining. Check: the price equals a one-thread run's exactly, and the Black-Scholes price within four
 * standard errors of the estimate.
 * <p>Sizes (paths, steps per path): small 500, 100; medium 10000, 250; large 20000, 500.
 * Arguments: see {@link KernelArgs}.
 */
public final class MonteCarlo {

    static final double SPOT = 100, STRIKE = 105, RATE = 0.03, VOLATILITY = 0.25, YEARS = 1;

    /** One thread's walker: the state of the path being walked. */
    static final class Walker {
        final int steps;
        final double drift;
        final double shock;
        double price;

        Walker(int steps) {
            this.steps = steps;
            double dt = YEARS / steps;
            drift = (RATE - VOLATILITY * VOLATILITY / 2) * dt;
            shock = VOLATILITY * Math.sqrt(dt);
        }

        /** Walks path {@code path} and returns its discounted payoff. */
        double payoff(int path) {
            Random random = new Random(0x5DEECE66DL * path + 11);
            price = SPOT;
            for (int s = 0; s < steps; s++) {
                price *= Math.exp(drift + shock * random.nextGaussian());
            }
            return Math.exp(-RATE * YEARS) * Math.max(price - STRIKE, 0);
        }
    }

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("montecarlo", args);
        int paths = a.size().pick(500, 10_000, 20_000);
        int steps = a.size().pick(100, 250, 500);
        double[] expected = payoffs(paths, steps, 1);
        double price = mean(expected);
        double standardError = Math.sqrt(variance(expected, price) / paths);
        double blackScholes = blackScholes();
        KernelTimer.time("montecarlo", a, () -> {
            double p = mean(payoffs(paths, steps, a.threads()));
            KernelTimer.check(p == price, "price " + p + " differs from the one-thread run's " + price);
            KernelTimer.check(Math.abs(p - blackScholes) < 4 * standardError, "price " + p
                    + " is more than 4 standard errors (" + standardError + ") from Black-Scholes " + blackScholes);
            return p;
        });
    }

    static double[] payoffs(int paths, int steps, int threads) throws Exception {
        double[] payoffs = new double[paths];
        Team.run("montecarlo", threads, (t, barrier) -> {
            Walker walker = new Walker(steps);
            for (int path = Team.lo(t, threads, paths); path < Team.hi(t, threads, paths); path++) {
                payoffs[path] = walker.payoff(path);
            }
        });
        return payoffs;
    }

    private static double mean(double[] xs) {
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        return sum / xs.length;
    }

    private static double variance(double[] xs, double mean) {
        double sum = 0;
        for (double x : xs) {
            sum += (x - mean) * (x - mean);
        }
        return sum / (xs.length - 1);
    }

    /** The Black-Scholes price of the call. */
    static double blackScholes() {
        double d1 = (Math.log(SPOT / STRIKE) + (RATE + VOLATILITY * VOLATILITY / 2) * YEARS) / (VOLATILITY * Math.sqrt(YEARS));
        double d2 = d1 - VOLATILITY * Math.sqrt(YEARS);
        return SPOT * normal(d1) - STRIKE * Math.exp(-RATE * YEARS) * normal(d2);
    }

    /** The standard normal distribution function (Zelen and Severo's approximation, error below 7.5e-8). */
    static double normal(double x) {
        if (x < 0) {
            return 1 - normal(-x);
        }
        double k = 1 / (1 + 0.2316419 * x);
        double poly = k * (0.319381530 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))));
        return 1 - Math.exp(-x * x / 2) / Math.sqrt(2 * Math.PI) * poly;
    }
}
