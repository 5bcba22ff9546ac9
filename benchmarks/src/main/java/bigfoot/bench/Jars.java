package bigfoot.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The jars a configuration runs a kernel or workload from: the uninstrumented ones (the kernels' jar, a
 * workload's driver jar and its library jars) or their StaticBF rewrites, each rewrite made once per run and
 * placement (mode and fields). A library is rewritten with the workload's other libraries as its --classpath,
 * a driver with the kernels' jar and its libraries, the kernels' jar with none.
 */
final class Jars {

    private final Path work;
    private final Path libraryDir;
    private final boolean verifyPlacement;
    private final Path kernels;
    private final Map<String, Path> drivers = new HashMap<>();
    private final Map<Path, Rewriter.Rewritten> rewrites = new HashMap<>(); // by output jar

    /**
     * @param work where the jars are written
     * @param libraryDir where the workloads' library jars are ({@code <artifact>-<version>.jar})
     * @param verifyPlacement whether rewrites also report every access for placement verification
     */
    Jars(Path work, Path libraryDir, boolean verifyPlacement) throws IOException {
        this.work = work;
        this.libraryDir = libraryDir;
        this.verifyPlacement = verifyPlacement;
        this.kernels = KernelJar.write(work.resolve("kernels.jar"));
    }

    /** The class path of {@code k} under {@code c}, rewriting for {@code c}'s placement what is not rewritten yet. */
    List<Path> classpath(Kernel k, Configuration c) throws IOException {
        List<Path> libraries = Libraries.find(libraryDir, k.libraries());
        List<Path> base = new ArrayList<>();
        if (k.usesLibraries()) {
            base.add(driver(k));
        }
        base.add(kernels);
        base.addAll(libraries);
        if (c.mode == null) {
            return base;
        }
        List<Path> rewritten = new ArrayList<>();
        for (Path jar : base) {
            List<Path> needs = new ArrayList<>(jar.equals(kernels) ? List.of() : libraries);
            needs.remove(jar);
            if (k.usesLibraries() && jar.equals(driver(k))) {
                needs.add(0, kernels);
            }
            rewritten.add(rewrite(jar, c, needs).jar());
        }
        return rewritten;
    }

    /** The rewrites of a workload's own jars (driver and libraries) under {@code c}, after {@link #classpath}. */
    List<Rewriter.Rewritten> rewrites(Kernel k, Configuration c) throws IOException {
        List<Path> base = classpath(k, Configuration.BASE);
        List<Path> rewritten = classpath(k, c);
        List<Rewriter.Rewritten> made = new ArrayList<>();
        for (int i = 0; i < base.size(); i++) {
            if (!base.get(i).equals(kernels)) {
                made.add(rewrites.get(rewritten.get(i)));
            }
        }
        return made;
    }

    private Path driver(Kernel k) throws IOException {
        Path jar = drivers.get(k.name());
        if (jar == null) {
            jar = KernelJar.write(work.resolve(k.name() + "-driver.jar"), k.packageDir());
            drivers.put(k.name(), jar);
        }
        return jar;
    }

    private Rewriter.Rewritten rewrite(Path jar, Configuration c, List<Path> needs) throws IOException {
        String name = c.rewrittenName(jar);
        Path out = work.resolve(verifyPlacement ? name.replace(".jar", "-verify.jar") : name);
        Rewriter.Rewritten r = rewrites.get(out);
        if (r == null) {
            r = Rewriter.rewrite(jar, out, c.mode, c.fields, c.elide, "none", needs, verifyPlacement);
            rewrites.put(out, r);
        }
        return r;
    }
}
