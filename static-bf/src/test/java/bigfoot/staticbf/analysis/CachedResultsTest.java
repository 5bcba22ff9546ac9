package bigfoot.staticbf.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.staticbf.TestJars;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.wala.MethodSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The analysis's per-method summaries and results kept for re-runs: a re-run after an edit reads the IRs of the methods
 * whose code changed and analyses them and those whose calls they changed, reuses the others (with the whole
 * program's facts at its calls while no method's summary changed), and writes the jar a run without the cache writes.
 */
class CachedResultsTest {

    /** Two increments of one field around a call: one check after the call if it cannot release, else two. */
    private static final String COUNTER = """
            package app;
            public class Counter {
                int hits;
                void twice(Helper h) {
                    hits++;
                    h.work();
                    hits++;
                }
            }
            """;
    /** The same around a call of {@code twice()}: whether it releases is a summary of Counter's, kept. */
    private static final String CLIENT = """
            package app;
            public class Client {
                int total;
                void run(Counter c, Helper h) {
                    total++;
                    c.twice(h);
                    total++;
                }
            }
            """;
    private static final String HELPER = """
            package app;
            public class Helper {
                final Object lock = new Object();
                int done;
                void work() { BODY }
                int limit() { return LIMIT; }
            }
            """;
    private static final String QUIET = "done = 1;";
    private static final String RELEASING = "synchronized (lock) { done = 1; }";

    @TempDir
    Path work;

    /** The program with {@code Helper.work}'s body, and a resource naming the jar (so no two jars are the same). */
    private Path program(String name, String helperBody) {
        return program(name, helperBody, 1);
    }

    /** The same with {@code Helper.limit()} returning {@code limit}. */
    private Path program(String name, String helperBody, int limit) {
        Map<String, byte[]> entries = new TreeMap<>(TestJars.compile(work, Map.of(
                "app/Counter.java", COUNTER, "app/Client.java", CLIENT, "app/Helper.java",
                HELPER.replace("BODY", helperBody).replace("LIMIT", Integer.toString(limit)))));
        entries.put("app/name.txt", name.getBytes(StandardCharsets.UTF_8));
        return TestJars.writeJar(work.resolve(name + "-in.jar"), entries);
    }

    private byte[] bytes(String out) throws IOException {
        return Files.readAllBytes(work.resolve(out));
    }

    /** The field checks of {@code method} of {@code className} and its calls of {@code callee}, in code order. */
    private List<String> checksAround(String out, String className, String method, String callee) {
        MethodNode m = TestJars.classNode(work.resolve(out), className).methods.stream()
                .filter(n -> n.name.equals(method)).findFirst().orElseThrow();
        List<String> calls = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && (call.name.equals(callee) || call.name.endsWith("Field"))) {
                calls.add(call.name);
            }
        }
        return calls;
    }

    @Test
    void aCalleeThatNowReleasesHasItsCallerAnalysedAgain() throws IOException {
        String cacheDir = work.resolve("cache").toString();
        Path quiet = program("quiet", QUIET);
        Path releasing = program("releasing", RELEASING);
        TestJars.rewrite(work, quiet, "quiet-cached.jar", "--cache-dir", cacheDir);
        TestJars.Run rerun = TestJars.rewrite(work, releasing, "releasing-cached.jar", "--cache-dir", cacheDir);
        TestJars.rewrite(work, releasing, "releasing.jar", "--no-cache");

        // Counter's and Client's bytes did not change, but the call in twice() now releases, and so does the call of
        // twice() in run(): both are analysed again (Client's from Counter's kept summary), and so is work(), whose
        // code changed; the constructors and limit() are reused
        assertTrue(rerun.out().contains("analysis: 7 methods in "), rerun.out());
        assertTrue(rerun.out().contains(", 4 of them reused from the cache"), rerun.out());
        for (String[] m : List.of(new String[] {"app.Counter", "twice", "work"}, new String[] {"app.Client", "run",
                "twice"})) {
            assertNotEquals(checksAround("quiet-cached.jar", m[0], m[1], m[2]),
                    checksAround("releasing.jar", m[0], m[1], m[2]), "the release changes the checks of " + m[1]);
            assertEquals(checksAround("releasing.jar", m[0], m[1], m[2]),
                    checksAround("releasing-cached.jar", m[0], m[1], m[2]));
        }
        assertArrayEquals(bytes("releasing.jar"), bytes("releasing-cached.jar"));
    }

    @Test
    void mostClassesAreKeptWhenMoreThanThreeQuartersHaveEntries() {
        Path dir = work.resolve("methods");
        Map<String, byte[]> classes = Map.of("app/A", classFile("app/A"), "app/B", classFile("app/B"), "app/C",
                classFile("app/C"), "app/D", classFile("app/D"));
        FileStore store = new FileStore(dir);
        CachedResults first = CachedResults.load(cache(store), "shape", classes);
        assertFalse(first.keepsMostClasses(), "nothing kept yet");
        for (String c : List.of("app/A", "app/B", "app/C")) {
            first.summarised(new MethodKey(c, "m()V"), MethodSummary.NO_BODY);
        }
        first.save();
        assertEquals(Optional.empty(), store.finish(100));
        // each later run reads the directory with a store of its own
        CachedResults threeOfFour = CachedResults.load(cache(new FileStore(dir)), "shape", classes);
        assertFalse(threeOfFour.keepsMostClasses(), "three quarters are not most: " + dir);
        CachedResults threeOfThree = CachedResults.load(cache(new FileStore(dir)), "shape",
                Map.of("app/A", classFile("app/A"), "app/B", classFile("app/B"), "app/C", classFile("app/C")));
        assertTrue(threeOfThree.keepsMostClasses());
        CachedResults otherShape = CachedResults.load(cache(new FileStore(dir)), "changed", classes);
        assertFalse(otherShape.keepsMostClasses(), "a program of another shape keeps nothing");
    }

    /** A store of method entries, and one of call facts beside it. */
    private MethodCache cache(FileStore methods) {
        return MethodCache.in(methods, new FileStore(work.resolve("calls")), "run");
    }

    /** A class with one method, {@code m()V}. */
    private static byte[] classFile(String name) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(0, "m", "()V", null, null);
        m.visitCode();
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private List<Path> entries(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    @Test
    void anEditOfOneMethodsBodyReusesTheClassesOtherMethodsAndTheCallFacts() throws IOException {
        Path cacheDir = work.resolve("cache");
        TestJars.rewrite(work, program("one", RELEASING, 1), "one-cached.jar", "--cache-dir", cacheDir.toString());
        List<Path> facts = entries(cacheDir.resolve("calls"));
        assertEquals(2, facts.size(), "the program's facts at its calls, and its call graph: " + facts);

        // limit() returns another constant: its code changed, its calls, stores and synchronisation did not
        Path edited = program("two", RELEASING, 2);
        TestJars.Run rerun = TestJars.rewrite(work, edited, "two-cached.jar", "--cache-dir", cacheDir.toString());
        TestJars.rewrite(work, edited, "two.jar", "--no-cache");
        assertTrue(rerun.out().contains("analysis: 7 methods in "), rerun.out());
        assertTrue(rerun.out().contains(", 6 of them reused from the cache"), "only limit() analysed: " + rerun.out());
        assertEquals(facts, entries(cacheDir.resolve("calls")), "the kept facts were read, none computed");
        assertArrayEquals(bytes("two.jar"), bytes("two-cached.jar"));

        // work() no longer synchronises: its summary changed, so the facts are solved again over the kept call graph,
        // with work()'s calls resolved again, and kept for this program too; its callers are analysed again
        Path three = program("three", QUIET, 2);
        TestJars.Run patched = TestJars.rewrite(work, three, "three-cached.jar", "--cache-dir", cacheDir.toString());
        TestJars.rewrite(work, three, "three.jar", "--no-cache");
        assertTrue(patched.out().contains(", 4 of them reused from the cache (the kept call graph, 1 method's calls "
                + "resolved again)"), patched.out());
        assertEquals(3, entries(cacheDir.resolve("calls")).size(), "the graph's entry replaced, new facts kept");
        assertArrayEquals(bytes("three.jar"), bytes("three-cached.jar"));
        assertNotEquals(checksAround("two.jar", "app.Counter", "twice", "work"),
                checksAround("three-cached.jar", "app.Counter", "twice", "work"), "twice() has one check less");

        // and back: the first program's facts are still kept (work() and its callers are analysed again)
        TestJars.Run back = TestJars.rewrite(work, program("four", RELEASING, 2), "four-cached.jar", "--cache-dir",
                cacheDir.toString());
        assertTrue(back.out().contains(", 4 of them reused from the cache, "), back.out());
        assertEquals(3, entries(cacheDir.resolve("calls")).size());
    }

    /**
     * The kept call graph is patched only where that gives the facts a whole computation gives: an edit that changes
     * which lambdas the program creates (here a method reference, so that no method is added) changes the targets of
     * calls anywhere, so the facts are computed again.
     */
    @Test
    void anEditThatAddsALambdaComputesTheCallFactsAgain() throws IOException {
        Path cacheDir = work.resolve("cache");
        String plain = "done = limit();";
        String lambda = "java.util.function.IntSupplier s = this::limit; done = s.getAsInt();";
        TestJars.rewrite(work, program("plain", plain), "plain-cached.jar", "--cache-dir", cacheDir.toString());
        Path edited = program("lambda", lambda);
        TestJars.Run rerun = TestJars.rewrite(work, edited, "lambda-cached.jar", "--cache-dir", cacheDir.toString());
        TestJars.rewrite(work, edited, "lambda.jar", "--no-cache");
        assertTrue(rerun.out().contains(", 6 of them reused from the cache, "), rerun.out());
        assertArrayEquals(bytes("lambda.jar"), bytes("lambda-cached.jar"));
    }

    /**
     * A jar rebuilt with no method's code changed (here javac's debug information left out, so every class file
     * differs; an interface and an abstract method among them) is answered from the kept entries and call facts
     * alone: WALA's class hierarchy is not built.
     */
    @Test
    void aRebuildThatChangedNoCodeIsAnsweredFromTheKeptEntriesAlone() throws IOException {
        Path cacheDir = work.resolve("cache");
        Map<String, String> sources = Map.of("app/Counter.java", COUNTER, "app/Client.java", CLIENT,
                "app/Helper.java", HELPER.replace("BODY", RELEASING).replace("LIMIT", "1"),
                "app/Shape.java", "package app; public abstract class Shape implements Sized {\n"
                        + "    public abstract int area();\n"
                        + "    public int size() { return 2 * area(); }\n"
                        + "}\n",
                "app/Sized.java", "package app; public interface Sized { int size(); }");
        Path first = TestJars.writeJar(work.resolve("first-in.jar"), TestJars.compile(work, sources));
        TestJars.rewrite(work, first, "first-cached.jar", "--cache-dir", cacheDir.toString());
        Path rebuilt = TestJars.writeJar(work.resolve("rebuilt-in.jar"), TestJars.compile(work, sources, "-g:none"));
        assertFalse(Arrays.equals(Files.readAllBytes(first), Files.readAllBytes(rebuilt)));

        TestJars.Run rerun = TestJars.rewrite(work, rebuilt, "rebuilt-cached.jar", "--cache-dir", cacheDir.toString());
        TestJars.rewrite(work, rebuilt, "rebuilt.jar", "--no-cache");
        assertTrue(rerun.out().contains("analysis: 9 methods in ")
                && rerun.out().contains(", 9 of them reused from the cache (no class hierarchy built)"), rerun.out());
        assertTrue(rerun.err().isEmpty(), rerun.err());
        assertArrayEquals(bytes("rebuilt.jar"), bytes("rebuilt-cached.jar"));

        // a method whose code changed (limit() returns 2) needs the hierarchy again
        Map<String, String> edited = new TreeMap<>(sources);
        edited.put("app/Helper.java", HELPER.replace("BODY", RELEASING).replace("LIMIT", "2"));
        TestJars.Run again = TestJars.rewrite(work, TestJars.writeJar(work.resolve("edited-in.jar"),
                TestJars.compile(work, edited)), "edited-cached.jar", "--cache-dir", cacheDir.toString());
        assertTrue(again.out().contains(", 8 of them reused from the cache, "), again.out());
    }

    @Test
    void unreadableEntriesAreAnalysedAgain() throws IOException {
        Path cacheDir = work.resolve("cache");
        Path in = program("in", RELEASING);
        TestJars.rewrite(work, in, "first.jar", "--cache-dir", cacheDir.toString());
        List<Path> entries = new ArrayList<>(entries(cacheDir.resolve("methods")));
        assertEquals(3, entries.size(), "one entry per class: " + entries);
        entries.addAll(entries(cacheDir.resolve("calls")));
        assertEquals(5, entries.size(), "and the program's facts at its calls and its call graph: " + entries);
        for (Path e : entries) {
            byte[] b = Files.readAllBytes(e);
            Files.write(e, Arrays.copyOf(b, b.length / 2)); // cut short
        }
        Path other = program("other", RELEASING);
        TestJars.Run rerun = TestJars.rewrite(work, other, "other-cached.jar", "--cache-dir", cacheDir.toString());
        TestJars.rewrite(work, other, "other.jar", "--no-cache");
        assertTrue(!rerun.out().matches("(?s).*whole-program\\), \\d+ of them reused.*"), "no method reused: "
                + rerun.out());
        assertTrue(rerun.err().isEmpty(), rerun.err());
        assertArrayEquals(bytes("other.jar"), bytes("other-cached.jar"));
    }
}
