package bigfoot.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * One way of running a kernel: uninstrumented, or rewritten in some placement mode and run under the
 * runtime with some array representation: the detectors of the paper's Table 3.1 (field proxies, which RC,
 * SC and BF use in the paper, are not built yet: every configuration has one shadow per field).
 */
enum Configuration {
    BASE(null, null),
    /** FastTrack: a check at every access, fine array shadows. */
    FT("fasttrack", "fine"),
    /** RedCard: no re-check within a release-free span, fine array shadows. */
    RC("redcard", "fine"),
    /** SlimState-like: a check at every access, per-thread footprints and adaptive array shadows. */
    SS("fasttrack", "adaptive"),
    /** SlimCard: RedCard's placement with SlimState's arrays. */
    SC("redcard", "adaptive"),
    /** BigFoot: checks deferred, merged and coalesced (ranges after loops), adaptive array shadows. */
    BF("bigfoot", "adaptive"),
    /** Not in the paper: BigFoot's placement with fine arrays, to tell placement gains from the array shadows'. */
    BFF("bigfoot", "fine");

    /** The staticbf --mode, or null for the uninstrumented program. */
    final String mode;
    /** The runtime's arrays= option. */
    final String arrays;

    Configuration(String mode, String arrays) {
        this.mode = mode;
        this.arrays = arrays;
    }

    /** The JVM arguments before the main class. */
    List<String> jvmArgs(Path jar, Path runtimeJar, Path report) {
        return mode == null ? List.of("-cp", jar.toString()) : underRuntime(jar, runtimeJar, arrays, report);
    }

    /** The JVM arguments running a rewritten jar under the runtime with {@code arrays=<arrays>}, reporting JSON. */
    static List<String> underRuntime(Path jar, Path runtimeJar, String arrays, Path report) {
        return List.of("-javaagent:" + runtimeJar + "=quiet,arrays=" + arrays + ",report=json:" + report,
                "-cp", jar.toString());
    }
}
