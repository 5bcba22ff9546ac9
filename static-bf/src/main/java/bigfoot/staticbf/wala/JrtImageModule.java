package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.Module;
import com.ibm.wala.classLoader.ModuleEntry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One JDK module read from a {@code jrt:/} image, for JDKs without {@code jmods/}.
 * WALA 1.6.12's own JrtModule lists the module lazily from an already-closed directory stream
 * ("source already consumed or closed"); this one lists every class file eagerly, once, and reads
 * the bytes of a class only when WALA asks for them.
 */
final class JrtImageModule implements Module {
    private final Path root;
    private final List<ModuleEntry> entries;

    /**
     * @param root     a module directory of a jrt file system, e.g. {@code /modules/java.base}
     * @param excluded which of its classes (internal names) to leave out
     */
    JrtImageModule(Path root, Predicate<String> excluded) throws IOException {
        this.root = root;
        try (Stream<Path> files = Files.walk(root)) {
            this.entries = files
                    .filter(p -> p.toString().endsWith(".class") && !p.endsWith("module-info.class"))
                    .map(ClassEntry::new)
                    .filter(e -> !excluded.test(e.getClassName()))
                    .collect(Collectors.toUnmodifiableList());
        }
    }

    @Override
    public Iterator<? extends ModuleEntry> getEntries() {
        return entries.iterator();
    }

    @Override
    public String toString() {
        return "[jrt module " + root + "]";
    }

    private final class ClassEntry extends ClassFileEntry {
        private final Path file;
        private final String name;

        ClassEntry(Path file) {
            this.file = file;
            this.name = root.relativize(file).toString();
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public InputStream getInputStream() {
            try {
                return new ByteArrayInputStream(Files.readAllBytes(file));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }

        /** The class's internal name, taken from its path inside the module (no need to parse it). */
        @Override
        public String getClassName() {
            return name.substring(0, name.length() - ".class".length());
        }

        @Override
        public Module getContainer() {
            return JrtImageModule.this;
        }

        @Override
        public String toString() {
            return "[class " + name + "]";
        }
    }
}
