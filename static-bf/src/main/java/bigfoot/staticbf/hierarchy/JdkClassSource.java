package bigfoot.staticbf.hierarchy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The JDK's classes, read from the running JDK's {@code jrt:/} file system (not from this tool's own
 * class path, which would add ASM and StaticBF itself to the application's world).
 */
public final class JdkClassSource implements ClassSource {

    private final FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
    private final Map<String, List<String>> modulesByPackage = new HashMap<>();

    @Override
    public ClassInfo find(String internalName) throws IOException {
        Path file = file(internalName);
        if (file == null) {
            return null;
        }
        String pkg = internalName.substring(0, internalName.lastIndexOf('/')).replace('/', '.');
        return ClassInfo.read(Files.readAllBytes(file), isExported(file.getName(1).toString(), pkg));
    }

    @Override
    public byte[] bytes(String internalName) throws IOException {
        Path file = file(internalName);
        return file == null ? null : Files.readAllBytes(file);
    }

    /** The class file in its module ({@code /modules/<module>/<name>.class}), or null. */
    private Path file(String internalName) throws IOException {
        int slash = internalName.lastIndexOf('/');
        if (slash < 0) {
            return null;
        }
        for (String module : modulesOf(internalName.substring(0, slash).replace('/', '.'))) {
            Path file = jrt.getPath("/modules", module, internalName + ".class");
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        return null;
    }

    private List<String> modulesOf(String pkg) throws IOException {
        List<String> modules = modulesByPackage.get(pkg);
        if (modules == null) {
            Path dir = jrt.getPath("/packages", pkg);
            if (Files.isDirectory(dir)) {
                try (Stream<Path> links = Files.list(dir)) {
                    modules = links.map(p -> p.getFileName().toString()).toList();
                }
            } else {
                modules = List.of();
            }
            modulesByPackage.put(pkg, modules);
        }
        return modules;
    }

    /** Exported to everyone by a module of the boot layer, so the unnamed module can name its classes. */
    private static boolean isExported(String module, String pkg) {
        return ModuleLayer.boot().findModule(module).map(m -> m.isExported(pkg)).orElse(false);
    }
}
