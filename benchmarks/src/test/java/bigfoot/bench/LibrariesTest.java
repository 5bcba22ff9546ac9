package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A workload's libraries are found by artifact id in the library directory, one versioned jar each. */
class LibrariesTest {

    @TempDir
    Path dir;

    @Test
    void findsEachArtifactsVersionedJarInOrder() throws IOException {
        Path xalan = Files.createFile(dir.resolve("xalan-2.7.1.jar"));
        Path serializer = Files.createFile(dir.resolve("serializer-2.7.1.jar"));
        Files.createFile(dir.resolve("xalan-serializer-1.0.jar")); // another artifact whose name starts with xalan-
        assertEquals(List.of(xalan, serializer), Libraries.find(dir, List.of("xalan", "serializer")));
    }

    @Test
    void aMissingOrAmbiguousLibraryIsOneClearError() throws IOException {
        IOException missing = assertThrows(IOException.class, () -> Libraries.find(dir, List.of("h2")));
        assertTrue(missing.getMessage().startsWith("no h2-<version>.jar in " + dir), missing.getMessage());
        Files.createFile(dir.resolve("h2-1.2.123.jar"));
        Files.createFile(dir.resolve("h2-2.2.220.jar"));
        IOException twice = assertThrows(IOException.class, () -> Libraries.find(dir, List.of("h2")));
        assertTrue(twice.getMessage().startsWith("more than one h2-<version>.jar"), twice.getMessage());
    }

    @Test
    void aKernelNeedsNoLibraryDirectory() throws IOException {
        assertEquals(List.of(), Libraries.find(dir.resolve("absent"), List.of()));
    }
}
