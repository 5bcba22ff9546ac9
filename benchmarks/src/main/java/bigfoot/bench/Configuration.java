package bigfoot.bench;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One way of running a kernel: uninstrumented, or rewritten in some placement mode, with or without field
 * proxies, and run under the runtime with some array representation: the detectors of the paper's Table 3.1
 * (RC, SC and BF with field proxies, as in the paper; with fasttrack's and redcard's placements, which check
 * every field on its own, proxies find no group), and two of ours that tell the parts of BF's gain apart.
 */
enum Configuration {
    BASE(null, null, null, null),
    /** FastTrack: a check at every access, fine array shadows. */
    FT("fasttrack", "per-field", "fine", "none"),
    /** RedCard: no re-check within a release-free span, fine array shadows. */
    RC("redcard", "proxies", "fine", "none"),
    /** SlimState-like: a check at every access, per-thread footprints and adaptive array shadows. */
    SS("fasttrack", "per-field", "adaptive", "none"),
    /** SlimCard: RedCard's placement with SlimState's arrays. */
    SC("redcard", "proxies", "adaptive", "none"),
    /** BigFoot: checks deferred, merged and coalesced (ranges after loops), field proxies, adaptive array shadows. */
    BF("bigfoot", "proxies", "adaptive", "none"),
    /** Not in the paper: BigFoot with fine arrays, to tell placement gains from the array shadows'. */
    BFF("bigfoot", "proxies", "fine", "none"),
    /** Not in the paper: BigFoot with a shadow per field, to tell the field proxies' gain. */
    BFPF("bigfoot", "per-field", "adaptive", "none"),
    /**
     * The dissertation's BF+E: BigFoot with partial-escape elision (no check of an object before it can have been
     * published, chapter 4).
     */
    BFE("bigfoot", "proxies", "adaptive", "escape");

    /** The staticbf --mode, or null for the uninstrumented program. */
    final String mode;
    /** The staticbf --fields option. */
    final String fields;
    /** The runtime's arrays= option. */
    final String arrays;
    /** The staticbf --elide option. */
    final String elide;

    Configuration(String mode, String fields, String arrays, String elide) {
        this.mode = mode;
        this.fields = fields;
        this.arrays = arrays;
        this.elide = elide;
    }

    /** How the jars rewritten for this configuration are named: {@code <jar>-<mode>-<fields>[-<elide>].jar}. */
    String rewrittenName(Path jar) {
        String name = jar.getFileName().toString();
        return name.substring(0, name.length() - ".jar".length()) + "-" + mode + "-" + fields
                + ("none".equals(elide) ? "" : "-" + elide) + ".jar";
    }

    /** The JVM arguments before the main class. */
    List<String> jvmArgs(List<Path> classpath, Path runtimeJar, Path report) {
        return mode == null ? List.of("-cp", join(classpath)) : underRuntime(classpath, runtimeJar, arrays, report);
    }

    /** The JVM arguments running rewritten jars under the runtime with {@code arrays=<arrays>}, reporting JSON. */
    static List<String> underRuntime(List<Path> classpath, Path runtimeJar, String arrays, Path report) {
        return List.of("-javaagent:" + runtimeJar + "=quiet,arrays=" + arrays + ",report=json:" + report,
                "-cp", join(classpath));
    }

    private static String join(List<Path> classpath) {
        return classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }
}
