package bigfoot.bench.kernels;

import java.util.concurrent.CyclicBarrier;

/**
 * Field-heavy kernel: particles as objects with x/y/z position and velocity fields, a short-range force
 * step over neighbours in an index window (moldyn-like), each thread moving its own slice between barriers
 * (race-free: positions are read by all threads only in the force phase, written by owners in the move phase).
 * <p>Arguments: particles, steps, threads, warm-ups, iterations.
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
        int count = KernelTimer.arg(args, 0, 2000);
        int steps = KernelTimer.arg(args, 1, 10);
        int threads = KernelTimer.arg(args, 2, 2);
        KernelTimer.time("particles", KernelTimer.arg(args, 3, 2), KernelTimer.arg(args, 4, 5),
                () -> run(count, steps, threads));
    }

    static double run(int count, int steps, int threads) throws Exception {
        Particle[] ps = new Particle[count];
        for (int i = 0; i < count; i++) {
            ps[i] = new Particle(i);
        }
        CyclicBarrier barrier = new CyclicBarrier(threads);
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int lo = t * count / threads;
            int hi = (t + 1) * count / threads;
            workers[t] = new Thread(() -> simulate(ps, lo, hi, steps, barrier), "particles-" + t);
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        double sum = 0;
        for (Particle p : ps) {
            sum += p.x + p.y + p.z;
        }
        return sum;
    }

    private static void simulate(Particle[] ps, int lo, int hi, int steps, CyclicBarrier barrier) {
        final int window = 24;
        try {
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
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
