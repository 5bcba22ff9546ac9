package bigfoot.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The JDKs installed under /usr/lib/jvm, for tests of bytecode this JDK cannot compile or run. */
final class Jdks {

    private static final Pattern VERSION = Pattern.compile("JAVA_VERSION=\"(\\d+)");

    private Jdks() {
    }

    /** The newest JDK with javac of feature release {@code feature} or later under /usr/lib/jvm (by its release file). */
    static Optional<Path> newestFrom(int feature) throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> all = Files.list(jvms)) {
            return all.filter(j -> Files.isExecutable(j.resolve("bin/javac"))).filter(j -> feature(j) >= feature)
                    .max(Comparator.comparingInt(Jdks::feature));
        }
    }

    /** The feature release of the JDK at {@code jdk} (0 if its release file does not say). */
    static int feature(Path jdk) {
        try {
            Matcher m = VERSION.matcher(Files.readString(jdk.resolve("release")));
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
