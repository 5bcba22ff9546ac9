package bigfoot.staticbf.store;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A directory of entries, one file each, named by a key (hex digits): written to a temporary name and moved into place,
 * so two builds sharing the directory never read half an entry. {@link #evict} keeps the entries written last.
 */
public final class FileStore {

    private final Path dir;

    public FileStore(Path dir) {
        this.dir = dir;
    }

    public Path directory() {
        return dir;
    }

    /** The entry under {@code key}, if there is one. */
    public Optional<byte[]> read(String key) throws IOException {
        try {
            return Optional.of(Files.readAllBytes(dir.resolve(key)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** Stores {@code bytes} under {@code key}, replacing what was there. */
    public void write(String key, byte[] bytes) throws IOException {
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, key, ".tmp");
        try {
            Files.write(temp, bytes);
            move(temp, dir.resolve(key));
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Deletes all but the {@code keep} entries written last, and temporary files a stopped build left, a day on. Another
     * build may delete the same files meanwhile: that is no error.
     */
    public void evict(int keep) throws IOException {
        List<Path> entries = new ArrayList<>();
        FileTime dayAgo = FileTime.fromMillis(System.currentTimeMillis() - 24 * 3600 * 1000L);
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                if (!p.getFileName().toString().endsWith(".tmp")) {
                    entries.add(p);
                } else if (lastModified(p).compareTo(dayAgo) < 0) {
                    Files.deleteIfExists(p);
                }
            }
        }
        if (entries.size() > keep) {
            entries.sort(Comparator.comparing(FileStore::lastModified));
            for (Path p : entries.subList(0, entries.size() - keep)) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Moves {@code from} to {@code to} atomically where the file system can. */
    public static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** When {@code p} was written; the epoch if it is gone (deleted by another build meanwhile: ordered first). */
    public static FileTime lastModified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }
}
