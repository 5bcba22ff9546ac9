package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.JarFileModule;
import com.ibm.wala.classLoader.Module;
import com.ibm.wala.classLoader.ModuleEntry;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The JDK's modules as WALA modules, from {@code jmods/} or from the {@code jrt:/} image, without the classes the
 * hierarchy leaves out ({@link JdkExclusions}): WALA would list, name and test each of them (nine in ten of the JDK's
 * 26,000 classes) before dropping it.
 */
final class JdkModules {
    private final JdkSource source;
    private final List<Module> modules;

    private JdkModules(JdkSource source, List<Module> modules) {
        this.source = source;
        this.modules = modules;
    }

    /** The source actually used: never {@link JdkSource#AUTO}. */
    JdkSource source() {
        return source;
    }

    List<Module> modules() {
        return modules;
    }

    /** @param excluded which classes (internal names) to leave out */
    static JdkModules load(Path jdkHome, JdkSource wanted, Predicate<String> excluded) throws FrontendException {
        Path jmods = jdkHome.resolve("jmods");
        boolean hasJmods = Files.isDirectory(jmods);
        if (wanted == JdkSource.JMODS && !hasJmods) {
            throw new FrontendException("the JDK at " + jdkHome + " has no jmods directory (use the jrt image instead)");
        }
        try {
            return wanted == JdkSource.JRT || !hasJmods
                    ? new JdkModules(JdkSource.JRT, fromJrt(jdkHome, excluded))
                    : new JdkModules(JdkSource.JMODS, fromJmods(jmods, excluded));
        } catch (IOException | RuntimeException e) {
            throw new FrontendException("cannot read the JDK at " + jdkHome + ": " + e.getMessage(), e);
        }
    }

    private static List<Module> fromJmods(Path jmods, Predicate<String> excluded) throws IOException {
        List<Module> result = new ArrayList<>();
        for (Path jmod : sorted(jmods)) {
            if (jmod.getFileName().toString().endsWith(".jmod")) {
                result.add(new Jmod(new JarFile(jmod.toFile(), false), excluded));
            }
        }
        if (result.isEmpty()) {
            throw new IOException(jmods + " holds no .jmod files");
        }
        return result;
    }

    private static List<Module> fromJrt(Path jdkHome, Predicate<String> excluded) throws IOException {
        FileSystem image = jrtFileSystem(jdkHome);
        List<Module> result = new ArrayList<>();
        for (Path module : sorted(image.getPath("/modules"))) {
            result.add(new JrtImageModule(module, excluded));
        }
        return result;
    }

    /** A {@code .jmod} file whose entries are listed without the excluded classes. */
    private static final class Jmod extends JarFileModule {
        /** WALA strips this prefix of entries when the JarFile's name ends in .jmod. */
        private static final String CLASSES = "classes/";
        private final Predicate<String> excluded;

        Jmod(JarFile file, Predicate<String> excluded) {
            super(file);
            this.excluded = excluded;
        }

        @Override
        public Iterator<ModuleEntry> getEntries() {
            return getJarFile().stream().filter(e -> !isExcluded(e.getName())).map(this::createEntry).iterator();
        }

        private boolean isExcluded(String entry) {
            return entry.startsWith(CLASSES) && entry.endsWith(".class")
                    && excluded.test(entry.substring(CLASSES.length(), entry.length() - ".class".length()));
        }
    }

    /** The running JDK's image is always open; another JDK's image is opened through its own jrt-fs.jar. */
    private static FileSystem jrtFileSystem(Path jdkHome) throws IOException {
        URI jrt = URI.create("jrt:/");
        Path running = Paths.get(System.getProperty("java.home"));
        if (Files.isSameFile(running, jdkHome)) {
            return FileSystems.getFileSystem(jrt);
        }
        if (!Files.isRegularFile(jdkHome.resolve("lib/jrt-fs.jar"))) {
            throw new IOException("no lib/jrt-fs.jar: not a JDK or JRE of version 9 or later");
        }
        return FileSystems.newFileSystem(jrt, Map.of("java.home", jdkHome.toString()));
    }

    private static List<Path> sorted(Path dir) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            return children.sorted().collect(Collectors.toList());
        }
    }
}
