package bigfoot.bench;

import bigfoot.rt.JitOptions;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One way of running a kernel: uninstrumented, or rewritten in some placement mode, with or without field
 * proxies, and run under the runtime with some array representation: the detectors of the paper's Table 3.1
 * (RC, SC and BF with field proxies, as in the paper; with fasttrack's and redcard's placements, which check
 * every field on its own, proxies find no group), two of ours that tell the parts of BF's gain apart, and the
 * dissertation's BF+E, BF+C and BF+E+C.
 */
enum Configuration {
    BASE(null, null, null, null, false),
    /** FastTrack: a check at every access, fine array shadows. */
    FT("fasttrack", "per-field", "fine", "none", false),
    /** RedCard: no re-check within a release-free span, fine array shadows. */
    RC("redcard", "proxies", "fine", "none", false),
    /** SlimState-like: a check at every access, per-thread footprints and adaptive array shadows. */
    SS("fasttrack", "per-field", "adaptive", "none", false),
    /** SlimCard: RedCard's placement with SlimState's arrays. */
    SC("redcard", "proxies", "adaptive", "none", false),
    /** BigFoot: checks deferred, merged and coalesced (ranges after loops), field proxies, adaptive array shadows. */
    BF("bigfoot", "proxies", "adaptive", "none", false),
    /** Not in the paper: BigFoot with fine arrays, to tell placement gains from the array shadows'. */
    BFF("bigfoot", "proxies", "fine", "none", false),
    /** Not in the paper: BigFoot with a shadow per field, to tell the field proxies' gain. */
    BFPF("bigfoot", "per-field", "adaptive", "none", false),
    /**
     * The dissertation's BF+E: BigFoot with partial-escape elision (no check of an object before it can have been
     * published, chapter 4).
     */
    BFE("bigfoot", "proxies", "adaptive", "escape", false),
    /**
     * The dissertation's BF+C: BigFoot with capsules (chapter 5), the classes its discovery run found
     * ({@link CapsuleDiscovery}).
     */
    BFC("bigfoot", "proxies", "adaptive", "none", true),
    /** The dissertation's BF+E+C: BF+E with capsules, those of the same discovery run. */
    BFEC("bigfoot", "proxies", "adaptive", "escape", true);

    /** The staticbf --mode, or null for the uninstrumented program. */
    final String mode;
    /** The staticbf --fields option. */
    final String fields;
    /** The runtime's arrays= option. */
    final String arrays;
    /** The staticbf --elide option. */
    final String elide;
    /** Whether rewrites use the capsules a discovery run found (staticbf --capsules FILE). */
    final boolean capsules;

    Configuration(String mode, String fields, String arrays, String elide, boolean capsules) {
        this.mode = mode;
        this.fields = fields;
        this.arrays = arrays;
        this.elide = elide;
        this.capsules = capsules;
    }

    /**
     * How the jars rewritten for this configuration with {@code capsules} are named:
     * {@code <jar>-<mode>-<fields>[-<elide>][<capsules tag>].jar}.
     */
    String rewrittenName(Path jar, CapsuleOption capsules) {
        String name = jar.getFileName().toString();
        return name.substring(0, name.length() - ".jar".length()) + "-" + mode + "-" + fields
                + ("none".equals(elide) ? "" : "-" + elide) + capsules.tag() + ".jar";
    }

    /** The JVM arguments before the main class. */
    List<String> jvmArgs(List<Path> classpath, Path runtimeJar, Path report) {
        return mode == null ? List.of("-cp", join(classpath)) : underRuntime(classpath, runtimeJar, arrays, report);
    }

    /**
     * The JVM arguments running rewritten jars under the runtime with {@code arrays=<arrays>}, reporting JSON, and
     * with the agent options {@code more}: the runtime's {@link JitOptions} first, as its launcher gives them.
     */
    static List<String> underRuntime(List<Path> classpath, Path runtimeJar, String arrays, Path report,
            String... more) {
        String options = Stream.concat(Stream.of("quiet", "arrays=" + arrays, "report=json:" + report), Stream.of(more))
                .collect(Collectors.joining(","));
        List<String> args = new ArrayList<>(JitOptions.jvmOptions());
        args.addAll(List.of("-javaagent:" + runtimeJar + "=" + options, "-cp", join(classpath)));
        return args;
    }

    private static String join(List<Path> classpath) {
        return classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }
}
