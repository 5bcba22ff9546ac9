package bigfoot.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Scratch directories under target/e2e (kept after the run for inspection, emptied at the next). */
final class Workspace {

    private Workspace() {
    }

    static Path fresh(String name) throws IOException {
        Path root = Path.of(System.getProperty("bigfoot.work.dir", "target/e2e")).toAbsolutePath();
        Path dir = root.resolve(name);
        if (Files.exists(dir)) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(dir);
    }
}
