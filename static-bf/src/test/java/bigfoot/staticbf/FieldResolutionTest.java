package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static bigfoot.staticbf.TestJars.runtimeCalls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.Site;
import bigfoot.rt.RT;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Fields are resolved to their declaring class: inherited, library, JDK, final, volatile and unknown ones. */
class FieldResolutionTest {

    static final Map<String, String> LIB = Map.of(
            "lib/Config.java", """
                    package lib;

                    public class Config {
                        public static int level;
                        public static volatile boolean debug;
                        public final int id;
                        public int count;

                        public Config(int id) {
                            this.id = id;
                        }
                    }
                    """,
            "lib/Hidden.java", """
                    package lib;

                    class Hidden {
                        public static int hiddenLevel;
                    }
                    """,
            "lib/Visible.java", """
                    package lib;

                    public class Visible extends Hidden {
                    }
                    """);

    static final Map<String, String> APP = Map.of(
            "app/Parent.java", """
                    package app;

                    public class Parent {
                        protected int shared;
                        static int total;
                    }
                    """,
            "app/Limits.java", """
                    package app;

                    interface Limits {
                        int[] TABLE = {1, 2};
                    }
                    """,
            "app/Child.java", """
                    package app;

                    import java.awt.Point;
                    import lib.Config;
                    import lib.Visible;

                    public class Child extends Parent implements Limits {
                        public int inherited() {
                            shared++;
                            Child.total = TABLE[0];
                            return shared;
                        }

                        public static int library(Config c) {
                            Config.level = c.id + c.count;
                            Visible.hiddenLevel = Config.debug ? 1 : 2;
                            return Visible.hiddenLevel;
                        }

                        public static int jdk(Point p) {
                            p.x = 3;
                            System.out.flush();
                            return p.y;
                        }
                    }
                    """);

    @TempDir
    Path work;

    private Path libJar() {
        return TestJars.writeJar(work.resolve("lib.jar"), TestJars.compile(work, LIB));
    }

    private Path appJar(Path lib) {
        return TestJars.writeJar(work.resolve("app.jar"), TestJars.compile(work, APP, "-classpath", lib.toString()));
    }

    @Test
    void inheritedFieldsUseTheShadowThroughTheInstructionsOwner() throws Exception {
        Path lib = libJar();
        Path out = work.resolve("out.jar");
        TestJars.Run run = TestJars.staticbf("--in", appJar(lib).toString(), "--out", out.toString(), "--mode", "fasttrack",
                "--classpath", lib.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err());
        ClassNode child = classNode(out, "app.Child");
        MethodNode inherited = method(child, "inherited");
        assertEquals(List.of("readField", "writeField", "classAccess", "readArray", "writeStatic", "readField"),
                runtimeCalls(inherited), "TABLE is final: its read only orders Parent's <clinit>; its element is checked");
        List<String> shadowRefs = fieldRefs(inherited).stream().filter(f -> f.startsWith("app/Child.__bf$")).toList();
        assertTrue(shadowRefs.containsAll(List.of("app/Child.__bf$r$shared", "app/Child.__bf$w$shared",
                "app/Child.__bf$u$shared", "app/Child.__bf$s$total")), shadowRefs.toString());
        List<Site> table = Sites.table(child);
        assertEquals("app.Parent.shared", table.get(Sites.checks(inherited).get(0).siteId()).target());

        try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL(), lib.toUri().toURL()},
                getClass().getClassLoader())) {
            Class<?> c = Class.forName("app.Child", true, loader);
            Object instance = c.getConstructor().newInstance();
            RT.reset();
            assertEquals(1, c.getMethod("inherited").invoke(instance));
            assertEquals(List.of("readField", "writeField", "readArray", "writeStatic", "readField"),
                    RT.events().stream().filter(e -> Sites.CHECKS.contains(e.entry()))
                            .filter(e -> RT.site(e.site()).className().equals("app.Child"))
                            .map(RT.Event::entry).toList(),
                    "(Limits is initialised on the way, with checks of its own)");
        }
    }

    @Test
    void libraryFieldsAreForeignAndFinalOrVolatileOnesAreRecognisedOnTheClasspath() throws Exception {
        Path lib = libJar();
        Path out = work.resolve("out.jar");
        assertEquals(0, TestJars.staticbf("--in", appJar(lib).toString(), "--out", out.toString(), "--mode", "fasttrack",
                "--classpath", lib.toString()).exitCode());
        ClassNode child = classNode(out, "app.Child");
        MethodNode library = method(child, "library");
        assertEquals(List.of("readForeign", "writeForeign", "volatileReadForeign", "writeForeign",
                "readForeign"), runtimeCalls(library), "c.id is final: no check");
        List<Object> constants = ldcConstants(library);
        assertTrue(constants.containsAll(List.of("lib.Config.count", "lib.Config.level", "lib.Config.debug",
                "lib.Hidden.hiddenLevel", Type.getObjectType("lib/Config"), Type.getObjectType("lib/Visible"))),
                constants.toString());
        assertTrue(!constants.contains(Type.getObjectType("lib/Hidden")),
                "the package-private declaring class cannot be named from app: its public subclass is passed");
        assertEquals(List.of("writeForeign", "readForeign"), runtimeCalls(method(child, "jdk")),
                "System.out is final; Point.x and Point.y are foreign");
        assertTrue(ldcConstants(method(child, "jdk")).contains("java.awt.Point.x"));

        try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL(), lib.toUri().toURL()},
                getClass().getClassLoader())) {
            Class<?> config = Class.forName("lib.Config", true, loader);
            Object c = config.getConstructor(int.class).newInstance(4);
            assertEquals(2, Class.forName("app.Child", true, loader).getMethod("library", config).invoke(null, c));
        }
    }

    @Test
    void unknownClassesAreWarnedOnceAndCheckedConservatively() {
        Path lib = libJar();
        Path out = work.resolve("out.jar");
        TestJars.Run run = TestJars.staticbf("--in", appJar(lib).toString(), "--out", out.toString(), "--mode", "fasttrack");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(1, run.errLines().stream().filter(l -> l.equals("staticbf: warning: class lib.Config not found "
                + "in the input jar, --classpath or the JDK; code using it is instrumented conservatively")).count(),
                run.err());
        assertTrue(run.err().contains("staticbf: warning: cannot resolve field lib.Config.id (used in app.Child); "
                + "it is checked as a foreign field"), run.err());
        assertEquals(List.of("readForeign", "readForeign", "writeForeign", "readForeign", "writeForeign",
                "readForeign"), runtimeCalls(method(classNode(out, "app.Child"), "library")),
                "without the library every field of it is checked, as a non-volatile foreign field");
    }

    private static List<String> fieldRefs(MethodNode m) {
        return stream(m).filter(i -> i instanceof FieldInsnNode).map(i -> (FieldInsnNode) i)
                .map(f -> f.owner + "." + f.name).toList();
    }

    private static List<Object> ldcConstants(MethodNode m) {
        return stream(m).filter(i -> i instanceof LdcInsnNode).map(i -> ((LdcInsnNode) i).cst).toList();
    }

    private static java.util.stream.Stream<AbstractInsnNode> stream(MethodNode m) {
        return java.util.Arrays.stream(m.instructions.toArray());
    }
}
