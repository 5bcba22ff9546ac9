package bigfoot.staticbf.jar;

import bigfoot.staticbf.tool.StaticBfException;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

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
    private ZipOutputStream zip;
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

    /** Copies an input entry as it is: same name, time, extra data, comment and compression method. */
    void copy(ZipEntry entry, InputStream content) throws IOException {
        ZipEntry out = new ZipEntry(entry);
        if (out.getMethod() == ZipEntry.DEFLATED) {
            out.setCompressedSize(-1); // recompressed; the content (size, crc) is unchanged
        }
        zip().putNextEntry(out);
        content.transferTo(zip);
        zip.closeEntry();
    }

    /** Writes new content under an input entry's name and attributes. */
    void replace(ZipEntry entry, byte[] content) throws IOException {
        ZipEntry out = new ZipEntry(entry);
        CRC32 crc = new CRC32();
        crc.update(content);
        out.setSize(content.length);
        out.setCrc(crc.getValue());
        out.setCompressedSize(out.getMethod() == ZipEntry.STORED ? content.length : -1);
        zip().putNextEntry(out);
        zip.write(content);
        zip.closeEntry();
    }

    /** Adds a new (deflated) entry. */
    void add(String name, byte[] content) throws IOException {
        ZipEntry entry = new ZipEntry(name);
        entry.setTimeLocal(ADDED);
        zip().putNextEntry(entry);
        zip.write(content);
        zip.closeEntry();
    }

    /** The whole output: a copy of the jar {@code jar}'s bytes (instead of entries). */
    void copyOf(Path jar) throws IOException {
        if (zip != null) {
            throw new IllegalStateException("entries written already");
        }
        Files.copy(jar, file);
    }

    private ZipOutputStream zip() {
        if (zip == null) {
            zip = new ZipOutputStream(file);
        }
        return zip;
    }

    /** Finishes the jar and moves it over the destination atomically. */
    void commit() throws StaticBfException {
        try {
            (zip != null ? zip : file).close();
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
                (zip != null ? zip : file).close();
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
