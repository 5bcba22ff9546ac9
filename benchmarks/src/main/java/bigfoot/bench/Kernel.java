package bigfoot.bench;

import bigfoot.bench.kernels.KernelArgs;
import bigfoot.bench.kernels.Size;
import java.util.List;

/**
 * A benchmark program: its main class, its arguments, what it stresses, and the libraries it runs (the
 * artifact ids of jars in the harness's library directory; none for the kernels).
 * Every kernel and workload driver takes the same arguments ({@link KernelArgs}):
 * {@code <size> <threads> <warm-ups> <iterations>}, size being small, medium or large, each choosing its own
 * problem parameters for the three (listed in its class comment); each checks its result and exits with status 1
 * and one line on stderr when the check fails.
 */
record Kernel(String name, String mainClass, KernelArgs args, String stresses, List<String> libraries) {

    /** The arguments `make bench` uses: medium sizes, 2 threads, 2 warm-ups, 5 timed iterations. */
    static final KernelArgs BENCH = new KernelArgs(Size.MEDIUM, 2, 2, 5);

    /** The kernels of this module (package bigfoot.bench.kernels), with the arguments `make bench` uses. */
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

    /**
     * The real-library workloads: a driver of this module (its own package under bigfoot.bench.workloads) running
     * DaCapo 9.12's version of a library from Maven Central, which StaticBF rewrites too.
     */
    static final List<Kernel> WORKLOADS = List.of(
            workload("lucene", "lucene.LuceneIndexSearch", "index", List.of("lucene-core")),
            workload("h2", "h2.H2Queries", "sql", List.of("h2")),
            workload("xalan", "xalan.XalanTransform", "xslt", List.of("xalan", "serializer")),
            workload("derby", "derby.DerbyTransactions", "transactions", List.of("derby")));

    private static Kernel kernel(String name, String simpleClassName, String stresses) {
        return new Kernel(name, "bigfoot.bench.kernels." + simpleClassName, BENCH, stresses, List.of());
    }

    private static Kernel workload(String name, String className, String stresses, List<String> libraries) {
        return new Kernel(name, "bigfoot.bench.workloads." + className, BENCH, stresses, libraries);
    }

    /** Whether this is a real-library workload (its driver has a jar of its own, next to the kernels'). */
    boolean usesLibraries() {
        return !libraries.isEmpty();
    }

    /** The class-file directory of the main class's package, e.g. {@code bigfoot/bench/kernels/}. */
    String packageDir() {
        return mainClass.substring(0, mainClass.lastIndexOf('.') + 1).replace('.', '/');
    }

    /** This kernel with other arguments. */
    Kernel withArgs(KernelArgs a) {
        return new Kernel(name, mainClass, a, stresses, libraries);
    }
}
