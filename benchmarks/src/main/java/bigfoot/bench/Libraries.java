package bigfoot.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds the workloads' library jars in the library directory, where the benchmarks build copies them from Maven
 * Central ({@code target/workload-libs}): one {@code <artifact>-<version>.jar} per artifact id.
 */
final class Libraries {

    /** The default library directory, relative to the project root (where `make bench` runs). */
    static final Path DEFAULT_DIR = Path.of("benchmarks/target/workload-libs");

    private Libraries() {
    }

    /** The jar of each artifact, in order; fails unless each has exactly one. */
    static List<Path> find(Path dir, List<String> artifacts) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (String artifact : artifacts) {
            List<Path> matches;
            try (Stream<Path> s = Files.exists(dir) ? Files.list(dir) : Stream.empty()) {
                matches = s.filter(p -> isVersionOf(p.getFileName().toString(), artifact)).sorted()
                        .collect(Collectors.toList());
            }
            if (matches.size() != 1) {
                throw new IOException((matches.isEmpty() ? "no " : "more than one ") + artifact + "-<version>.jar in "
                        + dir + " (the benchmarks build copies the workloads' libraries there: "
                        + "mvn -pl benchmarks package, or give --libs DIR)");
            }
            jars.add(matches.get(0));
        }
        return jars;
    }

    /** {@code <artifact>-<digit>...jar}: so that "xalan" does not match "xalan-serializer-2.7.1.jar". */
    private static boolean isVersionOf(String file, String artifact) {
        return file.startsWith(artifact + "-") && file.endsWith(".jar") && file.length() > artifact.length() + 1
                && Character.isDigit(file.charAt(artifact.length() + 1));
    }
}
