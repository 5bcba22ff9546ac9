package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.JarFileModule;
import com.ibm.wala.classLoader.Module;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The JDK's modules as WALA modules, from {@code jmods/} or from the {@code jrt:/} image. */
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

    static JdkModules load(Path jdkHome, JdkSource wanted) throws FrontendException {
        Path jmods = jdkHome.resolve("jmods");
        boolean hasJmods = Files.isDirectory(jmods);
        if (wanted == JdkSource.JMODS && !hasJmods) {
            throw new FrontendException("the JDK at " + jdkHome + " has no jmods directory (use the jrt image instead)");
        }
        try {
            return wanted == JdkSource.JRT || !hasJmods
                    ? new JdkModules(JdkSource.JRT, fromJrt(jdkHome))
                    : new JdkModules(JdkSource.JMODS, fromJmods(jmods));
        } catch (IOException | RuntimeException e) {
            throw new FrontendException("cannot read the JDK at " + jdkHome + ": " + e.getMessage(), e);
        }
    }

    private static List<Module> fromJmods(Path jmods) throws IOException {
        List<Module> result = new ArrayList<>();
        for (Path jmod : sorted(jmods)) {
            if (jmod.getFileName().toString().endsWith(".jmod")) {
                // WALA strips the "classes/" prefix of entries when the JarFile's name ends in .jmod
                result.add(new JarFileModule(new JarFile(jmod.toFile(), false)));
            }
        }
        if (result.isEmpty()) {
            throw new IOException(jmods + " holds no .jmod files");
        }
        return result;
    }

    private static List<Module> fromJrt(Path jdkHome) throws IOException {
        FileSystem image = jrtFileSystem(jdkHome);
        List<Module> result = new ArrayList<>();
        for (Path module : sorted(image.getPath("/modules"))) {
            result.add(new JrtImageModule(module));
        }
        return result;
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
