package bigfoot.staticbf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.rt.RT;
import java.lang.reflect.Modifier;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;

/** Code javac 17 writes for today's language features rewrites, verifies and runs as before. */
class Java17FeaturesTest {

    static final String FEATURES = """
            package app;

            import java.io.IOException;
            import java.util.function.IntSupplier;

            public class Features {
                private int secret;
                private static int created;

                record Point(int x, int y) {
                    static int made;

                    Point {
                        made++;
                    }

                    int sum() {
                        return x + y;
                    }
                }

                enum Color {
                    RED, GREEN;
                    int uses;

                    int use() {
                        return ++uses;
                    }
                }

                interface Shape {
                    int SIDES = 0;

                    default int sides() {
                        int[] a = {SIDES};
                        return a[0] + helper();
                    }

                    private int helper() {
                        return 1;
                    }

                    static Shape square() {
                        return () -> 4;
                    }

                    int area();
                }

                class Inner {
                    int peek() {
                        return secret++;
                    }
                }

                static class Resource implements AutoCloseable {
                    static int closed;

                    @Override
                    public void close() {
                        closed++;
                    }
                }

                public static String run(String cmd) {
                    Features f = new Features();
                    created++;
                    f.new Inner().peek();
                    IntSupplier s = () -> f.secret + created;
                    Point p = new Point(1, 2);
                    Color c = Color.GREEN;
                    c.use();
                    int r;
                    switch (cmd) {
                        case "sum":
                            r = p.sum();
                            break;
                        case "color":
                            r = c.ordinal() + c.uses;
                            break;
                        default:
                            r = s.getAsInt();
                    }
                    r += switch (c) {
                        case RED -> 10;
                        case GREEN -> 20;
                    };
                    try (Resource res = new Resource()) {
                        r += Shape.square().area() + Shape.square().sides();
                    }
                    Object lock = new Object();
                    try {
                        synchronized (lock) {
                            if (r > 0) {
                                throw new IOException("boom");
                            }
                        }
                    } catch (IOException e) {
                        r += 100;
                    }
                    int[] counts = new int[3];
                    for (int i = 0; i < counts.length; i++) {
                        counts[i] += i;
                    }
                    return cmd + "=" + r + ":" + Resource.closed + ":" + Point.made + ":" + counts[2];
                }
            }
            """;

    @TempDir
    Path work;

    @Test
    void rewrittenFeaturesVerifyAndBehaveAsTheOriginal() throws Exception {
        Map<String, byte[]> classes = TestJars.compile(work, Map.of("app/Features.java", FEATURES));
        Path in = TestJars.writeJar(work.resolve("in.jar"), classes);
        Path out = work.resolve("out.jar");
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", "fasttrack");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err(), "no warnings for plain javac output");
        TestJars.assertVerifies(out);

        for (String cmd : List.of("sum", "color", "other")) {
            assertEquals(invokeRun(in, cmd), invokeRun(out, cmd), cmd);
        }
        RT.reset();
        invokeRun(out, "sum");
        long acquires = RT.events().stream().filter(e -> e.entry().equals("acquire")).count();
        long releases = RT.events().stream().filter(e -> e.entry().equals("release")).count();
        assertEquals(1, acquires);
        assertEquals(acquires, releases, "the synchronized block left by an exception released");
        assertTrue(RT.events().stream().anyMatch(e -> e.entry().equals("readField")
                && RT.site(e.site()).target().equals("app.Features.secret")
                && RT.site(e.site()).className().equals("app.Features$Inner")),
                "a nestmate's access to a private field is checked through the field's private shadow");
    }

    @Test
    void interfacesGetAPublicSiteBaseAndRecordsKeepTheirFinalFieldsUnshadowed() {
        Path out = TestJars.compileAndRewrite(work, Map.of("app/Features.java", FEATURES));
        ClassNode shape = TestJars.classNode(out, "app.Features$Shape");
        FieldNode base = shape.fields.stream().filter(f -> f.name.equals("__bf$sb")).findFirst().orElseThrow();
        assertTrue(Modifier.isPublic(base.access) && Modifier.isStatic(base.access) && Modifier.isFinal(base.access));

        ClassNode point = TestJars.classNode(out, "app.Features$Point");
        assertEquals(List.of("__bf$s$made", "__bf$sb"), point.fields.stream().map(f -> f.name)
                .filter(n -> n.startsWith("__bf$")).sorted().toList(), "only the static non-final field is shadowed");
    }

    private static Object invokeRun(Path jar, String cmd) throws Exception {
        try (URLClassLoader loader = TestJars.loader(jar)) {
            return Class.forName("app.Features", true, loader).getMethod("run", String.class).invoke(null, cmd);
        }
    }
}
