package bigfoot.staticbf.hierarchy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** One {@code --classpath} element: a jar or a directory of class files. */
public final class ClassPathSource implements ClassSource {

    private final Path directory;
    private final ZipFile jar;

    private ClassPathSource(Path directory, ZipFile jar) {
        this.directory = directory;
        this.jar = jar;
    }

    public static ClassPathSource open(Path element) throws IOException {
        if (Files.isDirectory(element)) {
            return new ClassPathSource(element, null);
        }
        return new ClassPathSource(null, new ZipFile(element.toFile()));
    }

    @Override
    public ClassInfo find(String internalName) throws IOException {
        String entryName = internalName + ".class";
        if (directory != null) {
            Path file = directory.resolve(entryName);
            return Files.isRegularFile(file) ? ClassInfo.read(Files.readAllBytes(file), true) : null;
        }
        ZipEntry entry = jar.getEntry(entryName);
        if (entry == null) {
            return null;
        }
        try (InputStream in = jar.getInputStream(entry)) {
            return ClassInfo.read(in.readAllBytes(), true);
        }
    }

    @Override
    public void close() throws IOException {
        if (jar != null) {
            jar.close();
        }
    }
}
