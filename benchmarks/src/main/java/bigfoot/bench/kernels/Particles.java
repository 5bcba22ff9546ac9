package bigfoot.bench.kernels;

import java.util.concurrent.CyclicBarrier;

/**
 * Field-heavy kernel: particles as objects with x/y/z position and velocity fields, a short-range force
 * step over neighbours in an index window (moldyn-like), each thread moving its own slice between barriers
 * (race-free: positions are read by all threads only in the force phase, written by owners in the move phase).
 * Each particle's force is computed by one thread in a fixed order, so the result does not depend on the
 * split: it is checked against a one-thread run of the same code.
 * <p>Sizes (particles, steps): small 500, 5; medium 10000, 10; large 20000, 20. Arguments: see {@link KernelArgs}.
 */
public final class Particles {

    static final class Particle {
        double x, y, z;
        double vx, vy, vz;
        double fx, fy, fz;

        Particle(int i) {
            x = i % 17;
            y = (i * 7) % 23;
            z = (i * 13) % 29;
        }
    }

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("particles", args);
        int count = a.size().pick(500, 10_000, 20_000);
        int steps = a.size().pick(5, 10, 20);
        double expected = run(count, steps, 1);
        KernelTimer.time("particles", a, () -> {
            double sum = run(count, steps, a.threads());
            KernelTimer.check(sum == expected, "position sum " + sum + " differs from the one-thread sum " + expected);
            return sum;
        });
    }

    static double run(int count, int steps, int threads) throws Exception {
        Particle[] ps = new Particle[count];
        for (int i = 0; i < count; i++) {
            ps[i] = new Particle(i);
        }
        Team.run("particles", threads, (t, barrier) -> simulate(ps, Team.lo(t, threads, count),
                Team.hi(t, threads, count), steps, barrier));
        double sum = 0;
        for (Particle p : ps) {
            sum += p.x + p.y + p.z;
        }
        return sum;
    }

    private static void simulate(Particle[] ps, int lo, int hi, int steps, CyclicBarrier barrier) throws Exception {
        final int window = 24;
        for (int s = 0; s < steps; s++) {
            for (int i = lo; i < hi; i++) {
                Particle p = ps[i];
                double fx = 0, fy = 0, fz = 0;
                for (int k = Math.max(0, i - window); k < Math.min(ps.length, i + window); k++) {
                    Particle q = ps[k];
                    double dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
                    double r2 = dx * dx + dy * dy + dz * dz + 0.01;
                    double f = 1.0 / (r2 * r2);
                    fx += dx * f;
                    fy += dy * f;
                    fz += dz * f;
                }
                p.fx = fx;
                p.fy = fy;
                p.fz = fz;
            }
            barrier.await();
            for (int i = lo; i < hi; i++) {
                Particle p = ps[i];
                p.vx += p.fx * 1e-4;
                p.vy += p.fy * 1e-4;
                p.vz += p.fz * 1e-4;
                p.x += p.vx;
                p.y += p.vy;
                p.z += p.vz;
            }
            barrier.await();
        }
    }
}
