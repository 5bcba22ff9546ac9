package bigfoot.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapsuleFileTest {

    @TempDir
    Path dir;

    @Test
    void readsCapsulesAndRejectedClassesIgnoringCommentsAndBlankLines() throws IOException {
        Path file = Files.writeString(dir.resolve("caps.txt"), "# header\n\napp.Vector\n  app.Outer$Inner  \n!app.List\n");
        CapsuleFile f = CapsuleFile.read(file);
        assertEquals(Set.of("app.Vector", "app.Outer$Inner"), f.capsules());
        assertEquals(Set.of("app.List"), f.rejected());
    }

    @Test
    void aRejectedClassNeverComesBackWhenRunsAreMerged() throws IOException {
        CapsuleFile first = CapsuleFile.EMPTY.merge(Set.of("app.A", "app.B"), Set.of("app.C"));
        CapsuleFile second = first.merge(Set.of("app.C", "app.D"), Set.of("app.B"));
        assertEquals(Set.of("app.A", "app.D"), second.capsules(), "C stays rejected, B is rejected now");
        assertEquals(Set.of("app.B", "app.C"), second.rejected());
        Path file = Files.writeString(dir.resolve("merged.txt"), second.render());
        assertEquals(second, CapsuleFile.read(file), "render and read round-trip");
    }

    @Test
    void aMalformedLineIsAnErrorNamingIt() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.txt"), "app.A\nnot a class\n");
        IOException e = assertThrows(IOException.class, () -> CapsuleFile.read(file));
        assertTrue(e.getMessage().contains("bad.txt:2"), e.getMessage());
    }
}
