package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.BinaryDirectoryTreeModule;
import com.ibm.wala.classLoader.JarFileModule;
import com.ibm.wala.classLoader.Module;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/** One checked element of the application or its classpath: a jar or a directory of class files. */
final class ClassPathEntry {
    private final Path path;
    private final Module module;
    private final Set<String> classNames;

    private ClassPathEntry(Path path, Module module, Set<String> classNames) {
        this.path = path;
        this.module = module;
        this.classNames = classNames;
    }

    /**
     * Opens a jar or directory, or says in one line why it cannot be read; an {@code application} jar's classes are
     * read as the rewriter reads them ({@link SubroutineFreeJarModule}).
     */
    static ClassPathEntry open(Path path, boolean application) throws FrontendException {
        if (!Files.exists(path)) {
            throw new FrontendException("cannot read " + path + ": no such file or directory");
        }
        if (!Files.isReadable(path)) {
            throw new FrontendException("cannot read " + path + ": permission denied");
        }
        if (Files.isDirectory(path)) {
            return new ClassPathEntry(path, new BinaryDirectoryTreeModule(path.toFile()), directoryClassNames(path));
        }
        try {
            JarFile jar = new JarFile(path.toFile(), false);
            Set<String> names = jar.stream()
                    .map(ZipEntry::getName)
                    .filter(ClassPathEntry::isBaseClassFile)
                    .map(ClassPathEntry::internalName)
                    .collect(Collectors.toUnmodifiableSet());
            return new ClassPathEntry(path, application ? new SubroutineFreeJarModule(jar) : new JarFileModule(jar),
                    names);
        } catch (IOException e) {
            throw new FrontendException("cannot read " + path + ": not a jar or directory (" + e.getMessage() + ")", e);
        }
    }

    private static Set<String> directoryClassNames(Path dir) throws FrontendException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.map(f -> dir.relativize(f).toString().replace('\\', '/'))
                    .filter(ClassPathEntry::isBaseClassFile)
                    .map(ClassPathEntry::internalName)
                    .collect(Collectors.toUnmodifiableSet());
        } catch (IOException e) {
            throw new FrontendException("cannot read directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Class files of the base version; multi-release variants under META-INF/versions are not loaded by WALA. */
    private static boolean isBaseClassFile(String name) {
        return name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class");
    }

    private static String internalName(String classFileName) {
        return classFileName.substring(0, classFileName.length() - ".class".length());
    }

    Path path() {
        return path;
    }

    Module module() {
        return module;
    }

    /** Internal names ({@code a/b/C}) of the classes this entry holds. */
    Set<String> classNames() {
        return classNames;
    }
}
