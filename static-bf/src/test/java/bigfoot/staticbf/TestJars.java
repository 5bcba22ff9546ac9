package bigfoot.staticbf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.util.CheckClassAdapter;

/** Test support (for every test package): compile sources to a jar, run staticbf, and look at what came out. */
public final class TestJars {

    private TestJars() {
    }

    /** What one staticbf run printed and returned. */
    public record Run(int exitCode, String out, String err) {
        List<String> errLines() {
            return err.isEmpty() ? List.of() : List.of(err.split("\\R"));
        }
    }

    /**
     * Compiles {@code sources} (file path under the source root -> text) with javac 17 ({@code -g}) and
     * returns the class files as jar entries (path -> bytes), sorted by path.
     */
    public static Map<String, byte[]> compile(Path work, Map<String, String> sources, String... javacOptions) {
        try {
            return compileInto(work, Files.createTempDirectory(work, "classes"), sources, javacOptions);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** As {@link #compile}, with the class files written under {@code classes}. */
    private static Map<String, byte[]> compileInto(Path work, Path classes, Map<String, String> sources,
            String... javacOptions) {
        try {
            Path src = Files.createTempDirectory(work, "src");
            Files.createDirectories(classes);
            List<String> args = new ArrayList<>(List.of("--release", "17", "-g", "-d", classes.toString()));
            args.addAll(List.of(javacOptions));
            for (Map.Entry<String, String> s : sources.entrySet()) {
                Path file = src.resolve(s.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, s.getValue());
                args.add(file.toString());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
            int rc = javac.run(null, diagnostics, diagnostics, args.toArray(new String[0]));
            assertEquals(0, rc, () -> "javac failed:\n" + diagnostics);
            return readTree(classes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Compiles {@code sources} (binary class name -> source text) into the directory {@code dir/classes-NAME}
     * and jars the class files whose internal name passes {@code include} into {@code dir/NAME}.
     */
    public static Path compileToJar(Path dir, String name, Map<String, String> sources, Predicate<String> include) {
        Map<String, String> byPath = new LinkedHashMap<>();
        sources.forEach((className, text) -> byPath.put(className.replace('.', '/') + ".java", text));
        Map<String, byte[]> classes = new LinkedHashMap<>(compileInto(dir, dir.resolve("classes-" + name), byPath));
        classes.keySet().removeIf(entry -> !include.test(entry.substring(0, entry.length() - ".class".length())));
        return writeJar(dir.resolve(name), classes);
    }

    public static Path compileToJar(Path dir, String name, Map<String, String> sources) {
        return compileToJar(dir, name, sources, n -> true);
    }

    static Map<String, byte[]> readTree(Path root) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                entries.put(root.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
        }
        return entries;
    }

    /** Writes a jar with exactly these entries, in this order (a name ending in / is a directory). */
    public static Path writeJar(Path jar, Map<String, byte[]> entries) {
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The entries of a jar, in order. */
    static Map<String, byte[]> readJar(Path jar) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : zip.stream().toList()) {
                try (InputStream in = zip.getInputStream(e)) {
                    entries.put(e.getName(), in.readAllBytes());
                }
            }
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs staticbf on {@code in} into {@code out} (in {@code work}) with the options {@code more}; asserts it succeeded. */
    public static Run rewrite(Path work, Path in, String out, String... more) {
        List<String> args = new ArrayList<>(List.of("--in", in.toString(), "--out", work.resolve(out).toString()));
        args.addAll(List.of(more));
        Run run = staticbf(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.out() + run.err());
        return run;
    }

    public static Run staticbf(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = StaticBF.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Compiles, jars and rewrites {@code sources} in fasttrack mode (a check at every access, so the checks the
     * rewriter emits can be asserted access by access); asserts success and returns the output jar.
     */
    static Path compileAndRewrite(Path work, Map<String, String> sources) {
        Path in = writeJar(work.resolve("in.jar"), compile(work, sources));
        Path out = work.resolve("out.jar");
        Run run = staticbf("--in", in.toString(), "--out", out.toString(), "--mode", "fasttrack");
        assertEquals(0, run.exitCode(), run::err);
        return out;
    }

    static ClassNode classNode(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node;
    }

    public static ClassNode classNode(Path jar, String className) {
        byte[] bytes = readJar(jar).get(className.replace('.', '/') + ".class");
        assertTrue(bytes != null, () -> className + " not in " + jar);
        return classNode(bytes);
    }

    static MethodNode method(ClassNode c, String name) {
        return c.methods.stream().filter(m -> m.name.equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no method " + name + " in " + c.name));
    }

    static MethodNode method(ClassNode c, String name, String descriptor) {
        return c.methods.stream().filter(m -> m.name.equals(name) && m.desc.equals(descriptor)).findFirst()
                .orElseThrow(() -> new AssertionError("no method " + name + descriptor + " in " + c.name));
    }

    /**
     * The names of the bigfoot/rt/RT entry points a method calls, in code order, without the fetches of the thread
     * state (RT.thread(), at entry or lazily: {@link #isThreadStateFetch}) and of array shadows (an element check in a
     * loop, {@code arrayShadow}), an element check named as the check it makes ({@link Sites#checkName}).
     */
    public static List<String> runtimeCalls(MethodNode m) {
        List<String> calls = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == Opcodes.INVOKESTATIC && insn instanceof MethodInsnNode call
                    && call.owner.equals("bigfoot/rt/RT") && !call.name.equals("thread")
                    && !call.name.equals("arrayShadow")) {
                calls.add(Sites.checkName(call.name));
            }
        }
        return calls;
    }

    /**
     * True if insn is a call of RT.thread() inside a lazy fetch
     * {@code aload ts; ifnonnull L; RT.thread(); astore ts; L:}, followed by {@code aload ts} or, before a check's test
     * of its receiver, by that test.
     */
    static boolean isThreadStateFetch(AbstractInsnNode insn) {
        AbstractInsnNode store = next(insn);
        AbstractInsnNode test = previous(insn);
        AbstractInsnNode first = test == null ? null : previous(test);
        return insn instanceof MethodInsnNode c && c.owner.equals("bigfoot/rt/RT") && c.name.equals("thread")
                && store instanceof VarInsnNode s && s.getOpcode() == Opcodes.ASTORE
                && test instanceof JumpInsnNode j && j.getOpcode() == Opcodes.IFNONNULL && previous(j.label) == store
                && first instanceof VarInsnNode f && f.getOpcode() == Opcodes.ALOAD && f.var == s.var;
    }

    /**
     * The first instruction of the code pushing the thread state that ends with {@code load} ({@code aload ts}): the
     * lazy fetch {@code aload ts; ifnonnull L; invokestatic RT.thread; astore ts; L: aload ts} (the call runs only
     * while ts is null), or the load alone where every path has fetched ts already.
     */
    static AbstractInsnNode threadStatePush(AbstractInsnNode load) {
        AbstractInsnNode first = fetchStart(load);
        return first != null ? first : load;
    }

    private static AbstractInsnNode fetchStart(AbstractInsnNode load) {
        AbstractInsnNode store = previous(load);
        AbstractInsnNode call = store == null ? null : previous(store);
        AbstractInsnNode test = call == null ? null : previous(call);
        AbstractInsnNode first = test == null ? null : previous(test);
        boolean fetch = load instanceof VarInsnNode l && l.getOpcode() == Opcodes.ALOAD
                && store instanceof VarInsnNode s && s.getOpcode() == Opcodes.ASTORE && s.var == l.var
                && call instanceof MethodInsnNode c && c.owner.equals("bigfoot/rt/RT") && c.name.equals("thread")
                && test instanceof JumpInsnNode j && j.getOpcode() == Opcodes.IFNONNULL && next(j.label) == load
                && first instanceof VarInsnNode f && f.getOpcode() == Opcodes.ALOAD && f.var == l.var;
        return fetch ? first : null;
    }

    /** The closest real instruction before insn (labels, frames and line numbers skipped). */
    static AbstractInsnNode previous(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        return p;
    }

    /** The closest real instruction after insn. */
    private static AbstractInsnNode next(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }

    /** A loader for the jar's classes, with the runtime test double (bigfoot.rt) from the test class path. */
    static URLClassLoader loader(Path jar) {
        try {
            return new URLClassLoader(new URL[] {jar.toUri().toURL()}, TestJars.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs ASM's bytecode verifier over every class of the jar; asserts it finds nothing. */
    static void assertVerifies(Path jar) {
        try (URLClassLoader loader = loader(jar)) {
            for (Map.Entry<String, byte[]> e : readJar(jar).entrySet()) {
                if (!e.getKey().endsWith(".class") || e.getKey().endsWith("module-info.class")
                        || e.getKey().startsWith("META-INF/versions/")) {
                    continue;
                }
                StringWriter report = new StringWriter();
                CheckClassAdapter.verify(new ClassReader(e.getValue()), loader, false, new PrintWriter(report));
                assertEquals("", report.toString(), "verification of " + e.getKey());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
