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

/** Packs the compiled kernels (package bigfoot.bench.kernels) into the jar that every configuration runs. */
final class KernelJar {

    static final String PACKAGE_DIR = "bigfoot/bench/kernels/";

    private KernelJar() {
    }

    /** Writes the jar of the kernel classes this harness was loaded with (a classes directory). */
    static Path write(Path jar) throws IOException {
        Path classesDir;
        try {
            classesDir = Path.of(Size.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate the kernel classes: " + e.getMessage());
        }
        Path root = classesDir.resolve(PACKAGE_DIR);
        List<Path> classes;
        try (Stream<Path> s = Files.list(root)) {
            classes = s.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
        }
        if (classes.isEmpty()) {
            throw new IOException("no kernel classes under " + root);
        }
        Files.createDirectories(jar.getParent());
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os)) {
            for (Path c : classes) {
                out.putNextEntry(new JarEntry(PACKAGE_DIR + c.getFileName()));
                Files.copy(c, out);
                out.closeEntry();
            }
        }
        return jar;
    }
}
