package bigfoot.staticbf.wala;

import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.FileStore;
import com.ibm.wala.classLoader.JarFileModule;
import com.ibm.wala.classLoader.Module;
import com.ibm.wala.classLoader.ModuleEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.Optional;
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

    /**
     * The JDK's modules without the classes {@code excluded} leaves out; read from {@code kept} where it holds them
     * ({@link KeptJdkClasses}) and the application names no class the exclusions leave out, else from the JDK's files
     * (and then kept there for the next run, if it had none or a damaged one).
     */
    static JdkModules load(Path jdkHome, JdkSource wanted, JdkExclusions excluded, Optional<FileStore> kept)
            throws FrontendException {
        Path jmods = jdkHome.resolve("jmods");
        boolean hasJmods = Files.isDirectory(jmods);
        if (wanted == JdkSource.JMODS && !hasJmods) {
            throw new FrontendException("the JDK at " + jdkHome + " has no jmods directory (use the jrt image instead)");
        }
        JdkSource source = wanted == JdkSource.JRT || !hasJmods ? JdkSource.JRT : JdkSource.JMODS;
        Optional<String> key = kept.flatMap(store -> key(jdkHome, source));
        boolean guarded = excluded.namesApplicationClasses();
        if (key.isPresent() && !guarded) {
            Optional<List<Module>> modules = KeptJdkClasses.read(kept.get(), key.get());
            if (modules.isPresent()) {
                return new JdkModules(source, modules.get());
            }
        }
        JdkModules read = new JdkModules(source, modules(jdkHome, source, excluded));
        if (key.isPresent() && (!guarded || !isKept(kept.get(), key.get()))) { // missing, or damaged
            // the classes every program keeps, whatever its own names: read again on the store's thread
            kept.get().writeLater(() -> new FileStore.Entry(key.get(), keptClasses(jdkHome, source)));
        }
        return read;
    }

    /** True if {@code store} has {@code key}'s entry, or cannot be listed (nothing is kept there then). */
    private static boolean isKept(FileStore store, String key) {
        try {
            return store.has(key);
        } catch (IOException e) {
            return true;
        }
    }

    private static List<Module> modules(Path jdkHome, JdkSource source, Predicate<String> excluded)
            throws FrontendException {
        try {
            return source == JdkSource.JRT ? fromJrt(jdkHome, excluded) : fromJmods(jdkHome.resolve("jmods"), excluded);
        } catch (IOException | RuntimeException e) {
            throw new FrontendException("cannot read the JDK at " + jdkHome + ": " + e.getMessage(), e);
        }
    }

    /** The entry {@link KeptJdkClasses} reads: the JDK's classes but those every program leaves out. */
    private static byte[] keptClasses(Path jdkHome, JdkSource source) {
        List<Module> modules = List.of();
        try {
            modules = modules(jdkHome, source, JdkExclusions::isExcludedJdkClass);
            return KeptJdkClasses.encode(modules);
        } catch (FrontendException | IOException e) {
            throw new UncheckedIOException(new IOException(e.getMessage(), e));
        } finally {
            for (Module m : modules) {
                if (m instanceof JarFileModule j) {
                    try {
                        j.getJarFile().close();
                    } catch (IOException e) {
                        // read already; nothing to keep open
                    }
                }
            }
        }
    }

    /**
     * The key of the JDK's kept classes: the JDK's home, the source read and each of its files' name, size and time,
     * and the exclusions; empty if they cannot be listed.
     */
    private static Optional<String> key(Path jdkHome, JdkSource source) {
        try {
            Digest d = new Digest().add("jdk classes " + KeptJdkClasses.FORMAT).add(jdkHome.toRealPath().toString())
                    .add(source.name()).add(String.join(" ", JdkExclusions.PATTERNS));
            List<Path> files = source == JdkSource.JRT ? List.of(jdkHome.resolve("lib/modules"))
                    : sorted(jdkHome.resolve("jmods"));
            for (Path f : files) {
                d.add(f.getFileName() + " " + Files.size(f) + " " + Files.getLastModifiedTime(f).toMillis());
            }
            return Optional.of(d.hex());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
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
