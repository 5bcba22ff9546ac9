package bigfoot.staticbf.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache's directories of entries: writes that finish complete, misses, eviction, and leftovers of stopped builds. */
class FileStoreTest {

    @TempDir
    Path work;

    private List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void entriesWrittenLaterAreThereOnceFinished() throws IOException {
        FileStore store = new FileStore(work.resolve("entries"));
        for (int i = 0; i < 20; i++) {
            store.writeLater("k" + i, new byte[] {(byte) i, 7});
        }
        assertEquals(Optional.empty(), store.finish(100));
        FileStore next = new FileStore(work.resolve("entries"));
        assertArrayEquals(new byte[] {5, 7}, next.read("k5").orElseThrow());
        assertEquals(Optional.empty(), next.read("k20"));
        assertEquals(20, names(work.resolve("entries")).size(), "no temporary file left");
    }

    @Test
    void aStoreReadsOnlyWhatItsDirectoryHeldAtItsFirstRead() throws IOException {
        FileStore writer = new FileStore(work.resolve("entries"));
        writer.writeLater("a", new byte[] {1});
        writer.finish(100);
        FileStore reader = new FileStore(work.resolve("entries"));
        assertTrue(reader.read("a").isPresent());
        writer.writeLater("b", new byte[] {2}); // another build, after the reader listed the directory
        writer.finish(100);
        assertEquals(Optional.empty(), reader.read("b"));
        assertTrue(new FileStore(work.resolve("entries")).read("b").isPresent());
    }

    @Test
    void finishingKeepsTheEntriesWrittenLastAndDropsOldTemporaryFiles() throws IOException {
        Path dir = Files.createDirectories(work.resolve("entries"));
        Path stale = Files.write(dir.resolve("x.123.tmp"), new byte[] {1}); // a build stopped before its move
        Files.setLastModifiedTime(stale, FileTime.fromMillis(1));
        for (int i = 0; i < 5; i++) {
            Path old = Files.write(dir.resolve("old" + i), new byte[] {1});
            Files.setLastModifiedTime(old, FileTime.fromMillis(1000 + i));
        }
        FileStore store = new FileStore(dir);
        store.writeLater("new0", new byte[] {2});
        store.writeLater("new1", new byte[] {2});
        assertEquals(Optional.empty(), store.finish(4));
        assertEquals(List.of("new0", "new1", "old3", "old4"), names(dir));
    }

    /** A run that uses an entry without writing it again (a kept call graph it patched) keeps it from eviction. */
    @Test
    void anEntryRefreshedCountsAsWrittenLast() throws IOException {
        Path dir = Files.createDirectories(work.resolve("entries"));
        for (int i = 0; i < 3; i++) {
            Path old = Files.write(dir.resolve("old" + i), new byte[] {1});
            Files.setLastModifiedTime(old, FileTime.fromMillis(1000 + i));
        }
        FileStore store = new FileStore(dir);
        store.writeLater("new", new byte[] {2});
        store.refreshLater("old0");
        store.refreshLater("gone"); // evicted by another build meanwhile: no failure
        assertEquals(Optional.empty(), store.finish(2));
        assertEquals(List.of("new", "old0"), names(dir));
    }
}
