package bigfoot.bench;

import java.util.List;

/** A benchmark program: its main class in the kernel jar, the arguments of a full-size run, and what it stresses. */
record Kernel(String name, String mainClass, List<String> args, String stresses) {

    /** The kernels of this module, at the sizes `make bench` uses (args: size, steps, threads, warm-ups, iterations). */
    static final List<Kernel> ALL = List.of(
            new Kernel("sor", "bigfoot.bench.kernels.Sor", List.of("800", "20", "2", "2", "5"), "arrays"),
            new Kernel("particles", "bigfoot.bench.kernels.Particles", List.of("10000", "10", "2", "2", "5"), "fields"));
}
