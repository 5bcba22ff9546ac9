package bigfoot.bench.kernels;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Object-and-reduction kernel: molecular dynamics of Lennard-Jones particles (objects with position,
 * velocity and force fields) in a periodic box, started on an fcc lattice, velocity-Verlet steps, as
 * JavaGrande's MolDyn. Pairs (i, j > i) are split cyclically by i among the workers; each worker adds the
 * pair forces into its own partial force array (both particles of a pair get a share, so the arrays
 * overlap in particles), and after a barrier each worker merges the partial arrays for its own block of
 * particles: race-free, with no lock. Every phase ends at a barrier. Check: every position and velocity,
 * and the energies, equal those of the same phases run one after the other by one thread.
 * <p>Sizes (lattice cells per side, 4 particles per cell; steps): small 3, 3; medium 6, 5; large 8, 10.
 * Arguments: see {@link KernelArgs}.
 */
public final class MolDyn {

    static final double DENSITY = 0.8442, TEMPERATURE = 0.722, DT = 0.005, CUTOFF = 2.5;

    static final class Particle {
        double x, y, z;
        double vx, vy, vz;
        double fx, fy, fz;
    }

    /** One phase of the simulation for worker t of {@link Box#parts}; phases are separated by barriers. */
    interface Phase {
        void run(int t);
    }

    /** The particles in their periodic cube, and the per-worker partial sums of forces and energies. */
    static final class Box {
        final Particle[] ps;
        final double side;
        final int parts;
        /** partial[t][3i..3i+2]: the force on particle i from the pairs worker t handled. */
        final double[][] partial;
        final double[] potential;
        final double[] kinetic;

        Box(int cells, int parts) {
            this.parts = parts;
            double lattice = Math.cbrt(4 / DENSITY);
            side = cells * lattice;
            ps = new Particle[4 * cells * cells * cells];
            double[][] basis = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
            Random random = new Random(2357L);
            double[] momentum = new double[3];
            int n = 0;
            for (int i = 0; i < cells; i++) {
                for (int j = 0; j < cells; j++) {
                    for (int k = 0; k < cells; k++) {
                        for (double[] b : basis) {
                            Particle p = new Particle();
                            p.x = (i + b[0]) * lattice;
                            p.y = (j + b[1]) * lattice;
                            p.z = (k + b[2]) * lattice;
                            p.vx = random.nextGaussian();
                            p.vy = random.nextGaussian();
                            p.vz = random.nextGaussian();
                            momentum[0] += p.vx;
                            momentum[1] += p.vy;
                            momentum[2] += p.vz;
                            ps[n++] = p;
                        }
                    }
                }
            }
            // no net momentum, and the kinetic energy of the temperature: sum v^2 = 3 N T
            double sumV2 = 0;
            for (Particle p : ps) {
                p.vx -= momentum[0] / n;
                p.vy -= momentum[1] / n;
                p.vz -= momentum[2] / n;
                sumV2 += p.vx * p.vx + p.vy * p.vy + p.vz * p.vz;
            }
            double scale = Math.sqrt(3 * n * TEMPERATURE / sumV2);
            for (Particle p : ps) {
                p.vx *= scale;
                p.vy *= scale;
                p.vz *= scale;
            }
            partial = new double[parts][3 * n];
            potential = new double[parts];
            kinetic = new double[parts];
        }

        /** The phases of a run: initial forces, then per step: drift, forces, merge and kick. */
        List<Phase> program(int steps) {
            List<Phase> phases = new ArrayList<>(List.of(this::forces, this::merge));
            for (int s = 0; s < steps; s++) {
                phases.addAll(List.of(this::drift, this::forces, this::merge));
            }
            return phases;
        }

        /** Worker t's pairs: (i, j > i) for i = t (mod parts), into its own partial array. */
        private void forces(int t) {
            double[] f = partial[t];
            for (int i = 0; i < f.length; i++) {
                f[i] = 0;
            }
            double rc2 = CUTOFF * CUTOFF;
            double energy = 0;
            for (int i = t; i < ps.length; i += parts) {
                Particle p = ps[i];
                double fxi = 0, fyi = 0, fzi = 0;
                for (int j = i + 1; j < ps.length; j++) {
                    Particle q = ps[j];
                    double dx = image(p.x - q.x), dy = image(p.y - q.y), dz = image(p.z - q.z);
                    double r2 = dx * dx + dy * dy + dz * dz;
                    if (r2 < rc2) {
                        double r2i = 1 / r2;
                        double r6i = r2i * r2i * r2i;
                        double force = 48 * r2i * r6i * (r6i - 0.5);
                        energy += 4 * r6i * (r6i - 1);
                        fxi += force * dx;
                        fyi += force * dy;
                        fzi += force * dz;
                        f[3 * j] -= force * dx;
                        f[3 * j + 1] -= force * dy;
                        f[3 * j + 2] -= force * dz;
                    }
                }
                f[3 * i] += fxi;
                f[3 * i + 1] += fyi;
                f[3 * i + 2] += fzi;
            }
            potential[t] = energy;
        }

        /** Worker t's block of particles: the force is the sum of the partial arrays; half a velocity kick. */
        private void merge(int t) {
            double energy = 0;
            for (int i = Team.lo(t, parts, ps.length); i < Team.hi(t, parts, ps.length); i++) {
                Particle p = ps[i];
                double fx = 0, fy = 0, fz = 0;
                for (double[] f : partial) {
                    fx += f[3 * i];
                    fy += f[3 * i + 1];
                    fz += f[3 * i + 2];
                }
                p.fx = fx;
                p.fy = fy;
                p.fz = fz;
                p.vx += 0.5 * DT * fx;
                p.vy += 0.5 * DT * fy;
                p.vz += 0.5 * DT * fz;
                energy += 0.5 * (p.vx * p.vx + p.vy * p.vy + p.vz * p.vz);
            }
            kinetic[t] = energy;
        }

        /** Worker t's block: half a velocity kick, then the move, wrapped into the box. */
        private void drift(int t) {
            for (int i = Team.lo(t, parts, ps.length); i < Team.hi(t, parts, ps.length); i++) {
                Particle p = ps[i];
                p.vx += 0.5 * DT * p.fx;
                p.vy += 0.5 * DT * p.fy;
                p.vz += 0.5 * DT * p.fz;
                p.x = wrap(p.x + DT * p.vx);
                p.y = wrap(p.y + DT * p.vy);
                p.z = wrap(p.z + DT * p.vz);
            }
        }

        /** The minimum-image displacement. */
        private double image(double d) {
            return d - side * Math.rint(d / side);
        }

        private double wrap(double c) {
            return c - side * Math.floor(c / side);
        }

        double energy() {
            double e = 0;
            for (int t = 0; t < parts; t++) {
                e += potential[t] + kinetic[t];
            }
            return e;
        }
    }

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("moldyn", args);
        int cells = a.size().pick(3, 6, 8);
        int steps = a.size().pick(3, 5, 10);
        Box expected = new Box(cells, a.threads());
        for (Phase phase : expected.program(steps)) {
            for (int t = 0; t < expected.parts; t++) {
                phase.run(t);
            }
        }
        KernelTimer.time("moldyn", a, () -> {
            Box box = new Box(cells, a.threads());
            List<Phase> program = box.program(steps);
            Team.run("moldyn", box.parts, (t, barrier) -> {
                for (Phase phase : program) {
                    phase.run(t);
                    barrier.await();
                }
            });
            check(box, expected);
            return box.energy();
        });
    }

    private static void check(Box box, Box expected) throws KernelTimer.CheckFailed {
        KernelTimer.check(box.energy() == expected.energy(),
                "energy " + box.energy() + " differs from the one-thread run's " + expected.energy());
        for (int i = 0; i < box.ps.length; i++) {
            Particle p = box.ps[i], q = expected.ps[i];
            KernelTimer.check(p.x == q.x && p.y == q.y && p.z == q.z && p.vx == q.vx && p.vy == q.vy && p.vz == q.vz,
                    "particle " + i + " differs from the one-thread run's");
        }
    }
}
