package bigfoot.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One way of running a kernel: uninstrumented, or rewritten in some placement mode and run under the
 * runtime. Later detectors of the paper's Table 3.1 (SS, SC, BF) become further constants here.
 */
enum Configuration {
    BASE(null),
    /** FastTrack: a check at every access, fine array shadows. */
    FT("fasttrack"),
    /** RedCard: no re-check within a release-free span, fine array shadows. */
    RC("redcard");

    /** The staticbf --mode, or null for the uninstrumented program. */
    final String mode;

    Configuration(String mode) {
        this.mode = mode;
    }

    /** The JVM arguments before the main class. */
    List<String> jvmArgs(Path jar, Path runtimeJar, Path report) {
        List<String> a = new ArrayList<>();
        if (mode != null) {
            a.add("-javaagent:" + runtimeJar + "=quiet,report=json:" + report);
        }
        a.add("-cp");
        a.add(jar.toString());
        return a;
    }
}
