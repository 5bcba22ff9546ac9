package bigfoot.maven;

import bigfoot.ir.RuntimeApi;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A module's classes and test classes as one program for StaticBF: the class files to rewrite go into one jar
 * (a class in both directories: the main one); after rewriting, every file of each directory is copied to its
 * rewritten twin, rewritten classes from the output jar, everything else (resources, excluded classes) as it was.
 */
final class ClassDirectories {

    private final Path classes;
    private final Path testClasses;
    private final PathFilter filter;

    private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(2000, 1, 1, 0, 0);

    ClassDirectories(Path classes, Path testClasses, PathFilter filter) {
        this.classes = classes;
        this.testClasses = testClasses;
        this.filter = filter;
    }

    /** Every file's path, size and modification time, in a stable order: changes when any input does. */
    String fingerprint() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Path dir : List.of(classes, testClasses)) {
            for (Path f : files(dir)) {
                sb.append(dir.relativize(f)).append(':').append(Files.size(f)).append(':')
                  .append(Files.getLastModifiedTime(f).toMillis()).append(';');
            }
            sb.append('|');
        }
        return Integer.toHexString(sb.toString().hashCode()) + "-" + sb.length();
    }

    /**
     * The classes to rewrite as one jar; its entries have a fixed time, so the same classes make the same bytes and
     * staticbf's cache reuses its rewrite after a rebuild (a {@code mvn clean} too).
     */
    void writeJar(Path jar) throws IOException {
        Set<String> written = new HashSet<>();
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os)) {
            for (Path dir : List.of(classes, testClasses)) {
                for (Path f : files(dir)) {
                    Path relative = dir.relativize(f);
                    String name = entryName(relative);
                    if (name.endsWith(".class") && filter.rewrites(relative) && written.add(name)) {
                        JarEntry entry = new JarEntry(name);
                        entry.setTimeLocal(ENTRY_TIME);
                        out.putNextEntry(entry);
                        Files.copy(f, out);
                        out.closeEntry();
                    }
                }
            }
        }
    }

    /**
     * Fills the two rewritten directories (emptied first) from the originals and the rewritten jar; the races the
     * classes mark as intended go to the test classes, which are on the test run's class path.
     */
    void extract(Path rewrittenJar, Path classesOut, Path testClassesOut) throws IOException {
        try (JarFile jar = new JarFile(rewrittenJar.toFile())) {
            copy(classes, classesOut, jar);
            copy(testClasses, testClassesOut, jar);
            JarEntry intended = jar.getJarEntry(RuntimeApi.INTENDED_RACES_RESOURCE);
            if (intended != null) {
                Path target = testClassesOut.resolve(RuntimeApi.INTENDED_RACES_RESOURCE);
                Files.createDirectories(target.getParent());
                try (InputStream in = jar.getInputStream(intended)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private void copy(Path from, Path to, JarFile rewritten) throws IOException {
        deleteTree(to);
        Files.createDirectories(to);
        for (Path f : files(from)) {
            Path relative = from.relativize(f);
            Path target = to.resolve(relative.toString());
            Files.createDirectories(target.getParent());
            JarEntry entry = filter.rewrites(relative) ? rewritten.getJarEntry(entryName(relative)) : null;
            if (entry != null && entryName(relative).endsWith(".class")) {
                try (InputStream in = rewritten.getInputStream(entry)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } else {
                Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static String entryName(Path relative) {
        return relative.toString().replace('\\', '/');
    }

    private static List<Path> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        List<Path> all = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            s.forEach(all::add);
        }
        all.sort(Comparator.reverseOrder());
        for (Path p : all) {
            Files.delete(p);
        }
    }
}
