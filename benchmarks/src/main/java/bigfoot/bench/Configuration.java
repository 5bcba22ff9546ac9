package bigfoot.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One way of running a kernel: uninstrumented, or rewritten in some placement mode and run under the
 * runtime with some array representation: the detectors of the paper's Table 3.1 (SC and BF follow).
 */
enum Configuration {
    BASE(null, null),
    /** FastTrack: a check at every access, fine array shadows. */
    FT("fasttrack", "fine"),
    /** RedCard: no re-check within a release-free span, fine array shadows. */
    RC("redcard", "fine"),
    /** SlimState-like: a check at every access, per-thread footprints and adaptive array shadows. */
    SS("fasttrack", "adaptive");

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
        List<String> a = new ArrayList<>();
        if (mode != null) {
            a.add("-javaagent:" + runtimeJar + "=quiet,arrays=" + arrays + ",report=json:" + report);
        }
        a.add("-cp");
        a.add(jar.toString());
        return a;
    }
}
