package bigfoot.tests;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/** Writing and reading the jars the tests feed to StaticBF. */
final class Jars {

    private Jars() {
    }

    /** The entries (name to bytes) for every file under {@code root/pkg}, named relative to root. */
    static Map<String, byte[]> packageEntries(Path root, String pkg) throws IOException {
        Map<String, byte[]> entries = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root.resolve(pkg.replace('.', '/')))) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                entries.put(root.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
        }
        return entries;
    }

    static Path write(Path jar, Map<String, byte[]> entries) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return jar;
    }

    static Map<String, byte[]> read(Path jar) throws IOException {
        Map<String, byte[]> entries = new TreeMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : Collections.list(zip.entries())) {
                if (!e.isDirectory()) {
                    entries.put(e.getName(), zip.getInputStream(e).readAllBytes());
                }
            }
        }
        return entries;
    }
}
