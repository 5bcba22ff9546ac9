package bigfoot.staticbf.jar;

import bigfoot.staticbf.bytecode.Subroutines;
import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.tool.StaticBfException;
import bigfoot.staticbf.zip.CentralDirectory;
import bigfoot.staticbf.zip.EntryHeader;
import bigfoot.staticbf.zip.StoredData;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/** The input jar: its entries in order, and its class files read and classified up front. */
final class InputJar implements Closeable {

    static final String VERSIONS_PREFIX = "META-INF/versions/";
    private static final int CLASS_MAGIC = 0xCAFEBABE;

    private final Path path;
    private final ZipFile zip;
    private final List<ZipEntry> entries;
    /** The entries' records as stored, in the same order; null if they could not be read ({@link #copy}). */
    private final CentralDirectory directory;
    private final Map<String, InputClass> classesByEntry;
    /** The classes of entries whose name an earlier entry has (which the output leaves out). */
    private final List<InputClass> repeated;

    private InputJar(Path path, ZipFile zip, List<ZipEntry> entries, CentralDirectory directory,
            Map<String, InputClass> classesByEntry, List<InputClass> repeated) {
        this.path = path;
        this.zip = zip;
        this.entries = entries;
        this.directory = directory;
        this.classesByEntry = classesByEntry;
        this.repeated = repeated;
    }

    static InputJar open(Path path) throws StaticBfException {
        if (!Files.exists(path)) {
            throw StaticBfException.failure("input not found: " + path);
        }
        if (!Files.isRegularFile(path)) {
            throw StaticBfException.failure("input is not a file: " + path);
        }
        ZipFile zip;
        try {
            zip = new ZipFile(path.toFile());
        } catch (ZipException e) {
            throw StaticBfException.failure(path + " is not a jar or zip file (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw StaticBfException.failure("cannot read " + path + ": " + e.getMessage());
        }
        try {
            List<ZipEntry> entries = zip.stream().map(ZipEntry.class::cast).toList();
            Map<String, InputClass> classes = new LinkedHashMap<>();
            List<InputClass> repeated = new ArrayList<>();
            for (ZipEntry entry : entries) {
                if (isClassFile(entry)) {
                    InputClass c = readClass(path, zip, entry);
                    if (classes.putIfAbsent(entry.getName(), c) != null) {
                        repeated.add(c);
                    }
                }
            }
            return new InputJar(path, zip, entries, directory(path, entries), classes, List.copyOf(repeated));
        } catch (StaticBfException | RuntimeException e) {
            closeQuietly(zip);
            throw e;
        }
    }

    /**
     * The central directory of the jar, if it can be read and lists the entries {@link ZipFile} does, in the same order;
     * else null.
     */
    private static CentralDirectory directory(Path path, List<ZipEntry> entries) {
        CentralDirectory directory;
        try {
            directory = CentralDirectory.open(path);
        } catch (IOException | CentralDirectory.Unreadable | RuntimeException e) { // ZipFile reads it: copy through it
            return null;
        }
        List<CentralDirectory.Entry> records = directory.entries();
        boolean same = records.size() == entries.size();
        for (int i = 0; same && i < records.size(); i++) {
            same = records.get(i).header().nameString().equals(entries.get(i).getName());
        }
        if (!same) {
            closeQuietly(directory);
            return null;
        }
        return directory;
    }

    private static boolean isClassFile(ZipEntry entry) {
        return !entry.isDirectory() && entry.getName().endsWith(".class");
    }

    private static InputClass readClass(Path jar, ZipFile zip, ZipEntry entry) throws StaticBfException {
        byte[] bytes;
        try (InputStream in = zip.getInputStream(entry)) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw StaticBfException.failure("cannot read entry " + entry.getName() + " of " + jar + ": "
                    + e.getMessage());
        }
        if (bytes.length < 10 || readInt(bytes) != CLASS_MAGIC) {
            throw StaticBfException.failure("corrupt class file in entry " + entry.getName() + " of " + jar
                    + " (no class file header)");
        }
        try {
            bytes = Subroutines.inlined(bytes); // as the analysis reads it
            return InputClass.of(entry.getName(), bytes, ClassInfo.read(bytes, true));
        } catch (RuntimeException e) { // how ASM reports malformed and unsupported class files
            throw StaticBfException.failure("corrupt class file in entry " + entry.getName() + " of " + jar + " ("
                    + describe(e) + ")");
        }
    }

    static String describe(RuntimeException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static int readInt(byte[] b) {
        return ((b[0] & 0xFF) << 24) | ((b[1] & 0xFF) << 16) | ((b[2] & 0xFF) << 8) | (b[3] & 0xFF);
    }

    Path path() {
        return path;
    }

    List<ZipEntry> entries() {
        return entries;
    }

    /** The class read from this entry, or null if it is not a class file. */
    InputClass classAt(ZipEntry entry) {
        return isClassFile(entry) ? classesByEntry.get(entry.getName()) : null;
    }

    /**
     * The class world of the input, by class name: base entries win over multi-release versions of the
     * same class (META-INF/versions/N/...), which only fill in classes the base lacks.
     */
    Map<String, ClassInfo> classesByName() {
        Map<String, ClassInfo> byName = new HashMap<>();
        List<InputClass> versioned = new ArrayList<>();
        for (InputClass c : classesByEntry.values()) {
            if (c.isVersioned()) {
                versioned.add(c);
            } else {
                byName.putIfAbsent(c.info().name(), c.info());
            }
        }
        versioned.forEach(c -> byName.putIfAbsent(c.info().name(), c.info()));
        return byName;
    }

    Iterable<InputClass> classes() {
        return classesByEntry.values();
    }

    /** Every class entry, in the jar's order, then those with the name of an earlier one: what the analysis reads. */
    List<InputClass> everyClassEntry() {
        List<InputClass> all = new ArrayList<>(classesByEntry.values());
        all.addAll(repeated);
        return all;
    }

    /** The header of the entry at {@code index} of {@link #entries}, as stored. */
    EntryHeader header(int index) {
        return directory != null ? directory.entries().get(index).header() : EntryHeader.of(entries.get(index));
    }

    /**
     * Copies the entry at {@code index} of {@link #entries} to {@code output}: its header and its data as stored, or,
     * if the jar's records could not be read, its content compressed again.
     */
    void copy(int index, OutputJar output) throws IOException {
        if (directory != null) {
            CentralDirectory.Entry e = directory.entries().get(index);
            output.write(e.header(), e.crc(), e.compressedSize(), e.size(), out -> directory.copyData(e, out));
        } else {
            EntryHeader header = header(index);
            try (InputStream content = zip.getInputStream(entries.get(index))) {
                output.write(header, StoredData.of(header.method(), content.readAllBytes()));
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            zip.close();
        } finally {
            if (directory != null) {
                directory.close();
            }
        }
    }

    private static void closeQuietly(CentralDirectory directory) {
        try {
            directory.close();
        } catch (IOException ignored) {
            // not used
        }
    }

    private static void closeQuietly(ZipFile zip) {
        try {
            zip.close();
        } catch (IOException ignored) {
            // already failing with a better message
        }
    }
}
