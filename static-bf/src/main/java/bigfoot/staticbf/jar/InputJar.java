package bigfoot.staticbf.jar;

import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.tool.StaticBfException;
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
    private final Map<String, InputClass> classesByEntry;
    /** The classes of entries whose name an earlier entry has (which the output leaves out). */
    private final List<InputClass> repeated;

    private InputJar(Path path, ZipFile zip, List<ZipEntry> entries, Map<String, InputClass> classesByEntry,
            List<InputClass> repeated) {
        this.path = path;
        this.zip = zip;
        this.entries = entries;
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
            return new InputJar(path, zip, entries, classes, List.copyOf(repeated));
        } catch (StaticBfException | RuntimeException e) {
            closeQuietly(zip);
            throw e;
        }
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

    InputStream open(ZipEntry entry) throws IOException {
        return zip.getInputStream(entry);
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }

    private static void closeQuietly(ZipFile zip) {
        try {
            zip.close();
        } catch (IOException ignored) {
            // already failing with a better message
        }
    }
}
