package bigfoot.staticbf.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The output jar is the user's file: created under their umask, and nothing is left behind if it is not committed. */
class OutputJarTest {

    @TempDir
    Path dir;

    @Test
    void aCommittedJarHasTheModeOfAnyFileTheUserCreates() throws Exception {
        assumeTrue(Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null, "a POSIX file system");
        Path jar = dir.resolve("app-checked.jar");
        try (OutputJar out = OutputJar.create(jar)) {
            out.add("a.txt", "a".getBytes(StandardCharsets.UTF_8));
            out.commit();
        }
        Path plain = Files.createFile(dir.resolve("plain.txt"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(jar));
        assertEquals(List.of(jar, plain), files());
    }

    @Test
    void aJarNotCommittedLeavesNothing() throws Exception {
        try (OutputJar out = OutputJar.create(dir.resolve("app-checked.jar"))) {
            out.add("a.txt", "a".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(List.of(), files());
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
