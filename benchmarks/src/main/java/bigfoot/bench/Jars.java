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
 * placement (mode, fields, elision and capsules). A library is rewritten with the workload's other libraries as its
 * --classpath, a driver with the kernels' jar and its libraries, the kernels' jar with none. A capsule configuration's
 * rewrites use the capsules of the program's discovery run ({@link CapsuleDiscovery}), made once per run before them
 * from BF's placement (the static encapsulation check does not depend on the placement, so BFC and BFEC share it).
 */
final class Jars {

    private final Path work;
    private final Path libraryDir;
    private final boolean verifyPlacement;
    private final Path runtime;
    private final Path kernels;
    private final Map<String, Path> drivers = new HashMap<>();
    private final Map<Path, Rewriter.Rewritten> rewrites = new HashMap<>(); // by output jar
    private final Map<String, CapsuleDiscovery.Found> discoveries = new HashMap<>(); // by program name

    /**
     * @param work where the jars (and capsule lists) are written
     * @param libraryDir where the workloads' library jars are ({@code <artifact>-<version>.jar})
     * @param verifyPlacement whether rewrites also report every access for placement verification
     * @param runtime the runtime jar the capsule discovery runs use
     */
    Jars(Path work, Path libraryDir, boolean verifyPlacement, Path runtime) throws IOException {
        this.work = work;
        this.libraryDir = libraryDir;
        this.verifyPlacement = verifyPlacement;
        this.runtime = runtime;
        this.kernels = KernelJar.write(work.resolve("kernels.jar"));
    }

    /**
     * The class path of {@code k} under {@code c}, rewriting for {@code c}'s placement what is not rewritten yet; for
     * a capsule configuration, with the capsules of k's discovery run, run first if it has not run yet.
     */
    List<Path> classpath(Kernel k, Configuration c) throws IOException {
        return classpath(k, c, c.capsules ? CapsuleOption.found(k, capsuleDiscovery(k).list()) : CapsuleOption.NONE);
    }

    /**
     * What the capsule discovery run of {@code k} found (its list: {@code <work>/<k>-capsules.txt}), running it the
     * first time, from k's jars rewritten in BF's placement with {@code --capsules all}.
     */
    CapsuleDiscovery.Found capsuleDiscovery(Kernel k) throws IOException {
        CapsuleDiscovery.Found found = discoveries.get(k.name());
        if (found == null) {
            found = CapsuleDiscovery.run(k, classpath(k, Configuration.BF, CapsuleOption.ALL), runtime,
                    work.resolve(k.name() + "-capsules.txt"));
            discoveries.put(k.name(), found);
        }
        return found;
    }

    /** The class path of {@code k} under {@code c}'s placement with {@code capsules}. */
    private List<Path> classpath(Kernel k, Configuration c, CapsuleOption capsules) throws IOException {
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
            rewritten.add(rewrite(jar, c, capsules, needs).jar());
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

    private Rewriter.Rewritten rewrite(Path jar, Configuration c, CapsuleOption capsules, List<Path> needs)
            throws IOException {
        String name = c.rewrittenName(jar, capsules);
        Path out = work.resolve(verifyPlacement ? name.replace(".jar", "-verify.jar") : name);
        Rewriter.Rewritten r = rewrites.get(out);
        if (r == null) {
            r = Rewriter.rewrite(jar, out, c.mode, c.fields, c.elide, capsules.value(), needs, verifyPlacement);
            rewrites.put(out, r);
        }
        return r;
    }
}
