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
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A directory of entries, one file each, named by a key (hex digits): written to a temporary name and moved into place,
 * so two builds sharing the directory never read half an entry. {@link #evict} keeps the entries written last.
 */
public final class FileStore {

    private final Path dir;
    /** The entries there were at the first {@link #read}. */
    private Set<String> listed;
    /** The thread of {@link #writeLater}, while it has writes queued, and their futures. */
    private ExecutorService writer;
    private final List<Future<?>> pending = new ArrayList<>();

    public FileStore(Path dir) {
        this.dir = dir;
    }

    public Path directory() {
        return dir;
    }

    /**
     * The entry under {@code key}, if there is one. The directory is listed at the first read, and only entries listed
     * then are read: a miss costs no file system call (and waits for no write of {@link #writeLater}).
     */
    public Optional<byte[]> read(String key) throws IOException {
        if (!listed().contains(key)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readAllBytes(dir.resolve(key)));
        } catch (NoSuchFileException e) {
            return Optional.empty(); // evicted meanwhile by another build
        }
    }

    /** Reads an entry's bytes into what it holds. */
    public interface Reading<T> {
        T read(byte[] bytes) throws Decoder.Malformed;
    }

    /**
     * What the entry under {@code key} holds, as {@code reading} reads it; empty if there is none, or it cannot be read
     * or decoded (damaged, or of another format): its owner then computes it again.
     */
    public <T> Optional<T> read(String key, Reading<T> reading) {
        try {
            Optional<byte[]> bytes = read(key);
            return bytes.isPresent() ? Optional.of(reading.read(bytes.get())) : Optional.empty();
        } catch (IOException | RuntimeException | Decoder.Malformed e) {
            return Optional.empty();
        }
    }

    /** True if the directory held an entry under {@code key} at the first {@link #read} (or at this call). */
    public boolean has(String key) throws IOException {
        return listed().contains(key);
    }

    private synchronized Set<String> listed() throws IOException {
        if (listed == null) {
            Set<String> names = new HashSet<>();
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    files.forEach(p -> names.add(p.getFileName().toString()));
                }
            }
            listed = names;
        }
        return listed;
    }

    /** Stores {@code bytes} under {@code key}, replacing what was there. */
    private void write(String key, byte[] bytes) throws IOException {
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
     * Queues {@code bytes} to be stored under {@code key} by a thread of the store's own, so that a run's many small
     * writes overlap its work (a file costs this machine's disk 0.2-0.7 ms); {@link #finish} waits for them.
     */
    public void writeLater(String key, byte[] bytes) {
        writeLater(() -> new Entry(key, bytes));
    }

    /** What to store under a key. */
    public record Entry(String key, byte[] bytes) {
    }

    /**
     * As {@link #writeLater(String, byte[])}, with the entry made by that thread too ({@code entry} must only read what
     * no one changes any more): making an entry then costs the run's own threads nothing.
     */
    public synchronized void writeLater(Supplier<Entry> entry) {
        submit(() -> {
            Entry e = entry.get();
            write(e.key(), e.bytes());
            return null;
        });
    }

    /**
     * Queues the entry under {@code key}, if it is still there, to count as written now: a run that used an entry without
     * writing it again keeps it from {@link #evict}, which keeps the entries written last.
     */
    public synchronized void refreshLater(String key) {
        submit(() -> {
            try {
                Files.setLastModifiedTime(dir.resolve(key), FileTime.fromMillis(System.currentTimeMillis()));
            } catch (NoSuchFileException e) {
                // evicted meanwhile by another build: the next run makes it again
            }
            return null;
        });
    }

    /** Runs {@code work} on the store's thread, which {@link #finish} waits for. */
    private void submit(Callable<Void> work) {
        if (writer == null) {
            writer = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "staticbf cache writer");
                t.setDaemon(true); // a run that fails does not wait for its cache
                return t;
            });
        }
        pending.add(writer.submit(work));
    }

    /**
     * Waits for the writes {@link #writeLater} and {@link #refreshLater} queued, then, if there were any, keeps the
     * {@code keep} entries written last ({@link #evict}); the first failure, if one failed.
     */
    public synchronized Optional<Exception> finish(int keep) {
        if (writer == null) {
            return Optional.empty();
        }
        Exception failed = null;
        for (Future<?> f : pending) {
            try {
                f.get();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                failed = failed != null ? failed : cause instanceof Exception x ? x : new IOException(cause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failed = failed != null ? failed : e;
                break;
            }
        }
        writer.shutdown();
        writer = null;
        pending.clear();
        try {
            evict(keep);
        } catch (IOException e) {
            failed = failed != null ? failed : e;
        }
        return Optional.ofNullable(failed);
    }

    /**
     * Deletes all but the {@code keep} entries written last, and temporary files a stopped build left, a day on. Another
     * build may delete the same files meanwhile: that is no error.
     */
    private void evict(int keep) throws IOException {
        List<Path> entries = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                if (!isTemporary(p)) {
                    entries.add(p);
                } else if (isStale(p)) {
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

    /** True for a file being written, which a move puts in place once complete. */
    public static boolean isTemporary(Path p) {
        return p.getFileName().toString().endsWith(".tmp");
    }

    /** True for a temporary file a day old: a build that stopped before its move left it. */
    public static boolean isStale(Path temporary) {
        FileTime dayAgo = FileTime.fromMillis(System.currentTimeMillis() - 24 * 3600 * 1000L);
        return lastModified(temporary).compareTo(dayAgo) < 0;
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
