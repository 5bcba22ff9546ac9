package bigfoot.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the plugin keeps things under {@code target/bigfoot}. */
record Layout(Path root) {

    Path classes() {
        return root.resolve("classes");
    }

    Path testClasses() {
        return root.resolve("test-classes");
    }

    /** Scratch: the jars handed to StaticBF. */
    Path work() {
        return root.resolve("work");
    }

    /** The runtime's JSON report of the test run. */
    Path jsonReport() {
        return report("json");
    }

    /** The runtime's report of the test run in {@code format} (json, sarif, html). */
    Path report(String format) {
        return root.resolve("races." + format);
    }

    private Path fingerprintFile() {
        return root.resolve("inputs.fingerprint");
    }

    /** True if the rewritten classes were made from inputs with this fingerprint. */
    boolean upToDate(String fingerprint) throws IOException {
        Path f = fingerprintFile();
        return Files.isRegularFile(f) && Files.readString(f, StandardCharsets.UTF_8).equals(fingerprint)
                && Files.isDirectory(classes()) && Files.isDirectory(testClasses());
    }

    void recordFingerprint(String fingerprint) throws IOException {
        Files.writeString(fingerprintFile(), fingerprint, StandardCharsets.UTF_8);
    }
}
