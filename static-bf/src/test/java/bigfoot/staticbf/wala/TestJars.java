package bigfoot.staticbf.wala;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/** Compiles Java sources held in strings (javac --release 17, with line tables) and packs them into jars. */
final class TestJars {
    private TestJars() {
    }

    /**
     * Compiles {@code sources} (binary class name -> source text) into {@code dir/classes} and jars the
     * class files whose internal name passes {@code include} into {@code dir/name}.
     */
    static Path compileToJar(Path dir, String name, Map<String, String> sources, Predicate<String> include)
            throws IOException {
        Path classes = dir.resolve("classes-" + name);
        compile(classes, sources);
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar);
             JarOutputStream jarOut = new JarOutputStream(out);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                String entry = classes.relativize(f).toString().replace('\\', '/');
                if (include.test(entry.substring(0, entry.length() - ".class".length()))) {
                    jarOut.putNextEntry(new JarEntry(entry));
                    jarOut.write(Files.readAllBytes(f));
                    jarOut.closeEntry();
                }
            }
        }
        return jar;
    }

    static Path compileToJar(Path dir, String name, Map<String, String> sources) throws IOException {
        return compileToJar(dir, name, sources, n -> true);
    }

    private static void compile(Path classes, Map<String, String> sources) throws IOException {
        Files.createDirectories(classes);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<JavaFileObject> units = new ArrayList<>();
        sources.forEach((className, text) -> units.add(new Source(className, text)));
        StringWriter errors = new StringWriter();
        boolean ok = javac.getTask(errors, null, null,
                List.of("--release", "17", "-g", "-d", classes.toString()), null, units).call();
        if (!ok) {
            throw new IllegalStateException("test sources do not compile:\n" + errors);
        }
    }

    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(String className, String text) {
            super(URI.create("string:///" + className.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    /** An empty jar or a jar of arbitrary entries, for bad-input tests. */
    static Path jarOf(Path jar, Map<String, byte[]> entries) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                out.putNextEntry(new JarEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
        return jar;
    }
}
