package bigfoot.bench;

import bigfoot.bench.kernels.KernelArgs;
import bigfoot.bench.kernels.Size;
import java.util.List;

/**
 * A benchmark program: its main class in the kernel jar, its arguments, and what it stresses.
 * Every kernel takes the same arguments ({@link KernelArgs}): {@code <size> <threads> <warm-ups> <iterations>},
 * size being small, medium or large, each kernel choosing its own problem parameters for the three (listed in
 * its class comment); every kernel checks its result and exits with status 1 and one line on stderr when the
 * check fails.
 */
record Kernel(String name, String mainClass, KernelArgs args, String stresses) {

    /** The arguments `make bench` uses: medium sizes, 2 threads, 2 warm-ups, 5 timed iterations. */
    static final KernelArgs BENCH = new KernelArgs(Size.MEDIUM, 2, 2, 5);

    /** The kernels of this module, with the arguments `make bench` uses. */
    static final List<Kernel> ALL = List.of(
            kernel("sor", "Sor", "arrays"),
            kernel("particles", "Particles", "fields"),
            kernel("crypt", "Crypt", "bytes"),
            kernel("series", "Series", "compute"),
            kernel("lufact", "LUFact", "triangle"),
            kernel("sparse", "Sparse", "indirect"),
            kernel("moldyn", "MolDyn", "reduction"),
            kernel("montecarlo", "MonteCarlo", "local"),
            kernel("raytracer", "RayTracer", "objects"));

    private static Kernel kernel(String name, String simpleClassName, String stresses) {
        return new Kernel(name, "bigfoot.bench.kernels." + simpleClassName, BENCH, stresses);
    }

    /** This kernel with other arguments. */
    Kernel withArgs(KernelArgs a) {
        return new Kernel(name, mainClass, a, stresses);
    }
}
