package bigfoot.bench;

import bigfoot.bench.kernels.Size;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Packs one package of compiled classes into a jar: the kernels (package bigfoot.bench.kernels), which every
 * configuration runs, or a workload driver (its own package, run next to the kernels' jar and its libraries).
 */
final class KernelJar {

    static final String PACKAGE_DIR = "bigfoot/bench/kernels/";

    private KernelJar() {
    }

    /** Writes the jar of the kernel classes this harness was loaded with (a classes directory). */
    static Path write(Path jar) throws IOException {
        return write(jar, PACKAGE_DIR);
    }

    /** Writes the jar of the classes of package directory {@code packageDir} (e.g. {@value #PACKAGE_DIR}). */
    static Path write(Path jar, String packageDir) throws IOException {
        Path classesDir;
        try {
            classesDir = Path.of(Size.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate the kernel classes: " + e.getMessage());
        }
        Path root = classesDir.resolve(packageDir);
        List<Path> classes;
        try (Stream<Path> s = Files.list(root)) {
            classes = s.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
        }
        if (classes.isEmpty()) {
            throw new IOException("no classes under " + root);
        }
        Files.createDirectories(jar.getParent());
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os)) {
            for (Path c : classes) {
                JarEntry entry = new JarEntry(packageDir + c.getFileName());
                // the class file's time, not now: the same classes make the same jar, so its rewrites can be reused
                entry.setTime(Files.getLastModifiedTime(c).toMillis());
                out.putNextEntry(entry);
                Files.copy(c, out);
                out.closeEntry();
            }
        }
        return jar;
    }
}
