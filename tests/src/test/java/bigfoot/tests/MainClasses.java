package bigfoot.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Finds the compiled test programs of a package: public top-level classes with {@code public static void main(String[])}. */
final class MainClasses {

    private MainClasses() {
    }

    /** The directory holding the compiled test classes (the parent of the package directories). */
    static Path testClasses() {
        try {
            return Path.of(MainClasses.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The program classes of {@code pkg}, sorted by name, loaded without being initialised. */
    static List<Class<?>> in(String pkg) {
        List<Class<?>> mains = new ArrayList<>();
        try (Stream<Path> files = Files.list(testClasses().resolve(pkg.replace('.', '/')))) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                String file = f.getFileName().toString();
                if (!file.endsWith(".class") || file.contains("$")) {
                    continue;
                }
                Class<?> c = Class.forName(pkg + "." + file.substring(0, file.length() - ".class".length()), false,
                        MainClasses.class.getClassLoader());
                if (Modifier.isPublic(c.getModifiers()) && hasMain(c)) {
                    mains.add(c);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return mains;
    }

    private static boolean hasMain(Class<?> c) {
        try {
            Method m = c.getDeclaredMethod("main", String[].class);
            return Modifier.isStatic(m.getModifiers()) && Modifier.isPublic(m.getModifiers());
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
