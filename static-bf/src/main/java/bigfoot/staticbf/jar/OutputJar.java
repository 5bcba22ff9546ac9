package bigfoot.staticbf.jar;

import bigfoot.staticbf.tool.StaticBfException;
import bigfoot.staticbf.zip.EntryHeader;
import bigfoot.staticbf.zip.StoredData;
import bigfoot.staticbf.zip.ZipWriter;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.ZipEntry;

/**
 * The output jar, written to a temporary file next to its destination and moved into place only by
 * {@link #commit}: a failed run never leaves a half-written jar (nor its temporary file). The jar gets the mode any
 * file the user creates gets (their umask), as a compiler's output does.
 */
final class OutputJar implements Closeable {

    /** A fixed time for the entries this tool adds, so that the same inputs give the same jar bytes. */
    private static final LocalDateTime ADDED = LocalDateTime.of(2000, 1, 1, 0, 0);

    private final Path destination;
    private final Path temp;
    private final OutputStream file;
    /** Made at the first entry: a jar copied whole ({@link #copyOf}) has none. */
    private ZipWriter zip;
    private boolean committed;

    private OutputJar(Path destination, Path temp, OutputStream file) {
        this.destination = destination;
        this.temp = temp;
        this.file = file;
    }

    static OutputJar create(Path destination) throws StaticBfException {
        Path absolute = destination.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw StaticBfException.failure("cannot write output " + destination + ": it is a directory");
        }
        Path dir = absolute.getParent();
        if (!Files.isDirectory(dir)) {
            throw StaticBfException.failure("cannot write output " + destination + ": directory " + dir
                    + " does not exist");
        }
        Path temp = null;
        try {
            OutputStream out = null;
            while (out == null) {
                // not createTempFile, whose file is private (0600) whatever the umask: the jar is the user's output
                temp = dir.resolve("." + absolute.getFileName() + "." + Long.toUnsignedString(
                        ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
                try {
                    out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException e) {
                    temp = null;
                }
            }
            return new OutputJar(absolute, temp, new BufferedOutputStream(out));
        } catch (IOException e) {
            deleteQuietly(temp);
            throw StaticBfException.failure("cannot write output " + destination + ": " + reason(e));
        }
    }

    /** Writes an entry whose data, as stored, {@code data} writes. */
    void write(EntryHeader header, long crc, long compressedSize, long size, ZipWriter.Data data) throws IOException {
        zip().write(header, crc, compressedSize, size, data);
    }

    /** Writes an entry whose data is {@code data}, which must be stored as the header's method says. */
    void write(EntryHeader header, StoredData data) throws IOException {
        if (data.method() != header.method()) {
            throw new IllegalArgumentException(header.nameString() + ": stored as " + data.method() + ", not "
                    + header.method());
        }
        write(header, data.crc(), data.data().length, data.size(), out -> out.write(data.data()));
    }

    /** Adds a new (deflated) entry. */
    void add(String name, byte[] content) throws IOException {
        write(EntryHeader.added(name, ADDED), StoredData.of(ZipEntry.DEFLATED, content));
    }

    /** The whole output: a copy of the jar {@code jar}'s bytes (instead of entries). */
    void copyOf(Path jar) throws IOException {
        if (zip != null) {
            throw new IllegalStateException("entries written already");
        }
        Files.copy(jar, file);
    }

    private ZipWriter zip() {
        if (zip == null) {
            zip = new ZipWriter(file);
        }
        return zip;
    }

    /** Finishes the jar and moves it over the destination atomically. */
    void commit() throws StaticBfException {
        try {
            if (zip != null) {
                zip.finish();
            }
            file.close();
            try {
                Files.move(temp, destination, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, destination, StandardCopyOption.REPLACE_EXISTING);
            }
            committed = true;
        } catch (IOException e) {
            throw StaticBfException.failure("cannot write output " + destination + ": " + reason(e));
        }
    }

    /** Without a commit: discards the temporary file. */
    @Override
    public void close() {
        if (!committed) {
            try {
                file.close();
            } catch (IOException ignored) {
                // the file is deleted anyway
            }
            deleteQuietly(temp);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // nothing more to do
            }
        }
    }
}
