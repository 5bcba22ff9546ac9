package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.Site;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.ClassNode;

/**
 * {@code --elide escape} (partial escape, the BigFoot dissertation's chapter 4): an access to an object the method
 * allocated, before anything could hand it to another thread, gets no check, in every placement; every other
 * access keeps what the placement gives it, and synchronisation on such an object keeps its events (Fig. 4.1).
 * Each method of the subject is one case; the test asserts the checks left in it by entry point and source line.
 */
class EscapeElisionTest {

    private static final String SUBJECT = """
            package esc;

            public class Subject {
                Point shared;
                int[] array;
                static Object sink;

                void publishedByAFieldStore() {
                    Point p = new Point();
                    p.x = 1;
                    shared = p; // @store-publish
                    p.y = 2; // @after-store
                }

                int[] filledThenReturned(int n) {
                    int[] b = new int[n];
                    for (int i = 0; i < n; i++) {
                        b[i] = i;
                    }
                    return b;
                }

                void arrayPublishedThenWritten() {
                    int[] b = new int[4];
                    b[0] = 1;
                    array = b; // @array-publish
                    b[1] = 2; // @array-after
                }

                void publishedByACall() {
                    Point p = new Point();
                    p.x = 1;
                    consume(p);
                    p.y = 2; // @after-call
                }

                static void consume(Point p) {
                    sink = p;
                }

                void keptByTheCallee() {
                    Point p = new Point();
                    p.x = 1;
                    int x = inspect(p) + measure(p);
                    p.y = x;
                }

                static int inspect(Point p) {
                    return p.x + measure(p); // @inspect
                }

                static int measure(Point p) {
                    return p.y > 0 ? inspect(p) : 0; // @measure
                }

                void publishedByAnOverride(boolean c) {
                    Shape s = new Shape();
                    s.touch();
                    s.size = 1; // @override
                }

                void allocatedInALoop(Point[] into) {
                    for (int i = 0; i < into.length; i++) {
                        Point p = new Point();
                        p.x = i;
                        into[i] = p; // @loop-publish
                    }
                }

                int mergedByAPhi(boolean c) {
                    Point p = c ? new Point() : new Point();
                    p.x = 1; // @phi
                    return p.x;
                }

                void publishedThroughAPhi(boolean c) {
                    Point a = new Point();
                    Point p = c ? a : null;
                    shared = p; // @phi-store
                    a.x = 1; // @phi-publish
                }

                void storedIntoAnotherFreshObject() {
                    Point a = new Point();
                    Box b = new Box();
                    b.p = a;
                    a.x = 1; // @stored-into-fresh
                    sink = b; // @sink
                }

                void lockedButNotPublished() {
                    Point p = new Point();
                    synchronized (p) {
                        p.x = 1;
                    }
                    shared = p; // @after-lock
                }

                void publishedThenCaught() {
                    Point p = new Point();
                    try {
                        throwAfterPublishing(p);
                    } catch (IllegalStateException e) {
                        p.x = 1; // @caught
                    }
                }

                void throwAfterPublishing(Point p) {
                    shared = p; // @throw-publish
                    throw new IllegalStateException();
                }

                void builtByAPrivateConstructor() {
                    Node n = new Node(1);
                    n.v = 2;
                    shared = n.p; // @node-read
                }

                void builtByALeakyConstructor() {
                    Leaky l = new Leaky();
                    l.v = 2; // @leaky-caller
                }
            }
            """;
    private static final String POINT = """
            package esc;
            public class Point { public int x; public int y; }
            """;
    private static final String SHAPE = """
            package esc;
            public class Shape {
                int size;
                void touch() {
                    size++;
                }
            }
            """;
    private static final String LEAKY_SHAPE = """
            package esc;
            public class LeakyShape extends Shape {
                static Shape last;
                @Override
                void touch() {
                    last = this;
                }
            }
            """;
    private static final String BOX = """
            package esc;
            public class Box { public Point p; }
            """;
    private static final String NODE = """
            package esc;
            public class Node extends Base {
                int v;
                Point p;
                Node(int v) {
                    super();
                    this.v = v;
                    this.p = new Point();
                    this.p.x = v; // @node-point
                }
            }
            """;
    private static final String BASE = """
            package esc;
            public class Base {
                int b;
                Base() {
                    b = 1;
                }
            }
            """;
    private static final String LEAKY = """
            package esc;
            public class Leaky {
                static Leaky last;
                int v;
                Leaky() {
                    last = this; // @leaky-publish
                    v = 1; // @leaky-field
                }
            }
            """;

    /** Every access of the class is to an object it has just made: with --elide escape it is left unchanged. */
    private static final String SCRATCH = """
            package esc;
            public class Scratch {
                static int sum(int[] values) {
                    int[] copy = new int[values.length];
                    for (int i = 0; i < copy.length; i++) {
                        copy[i] = 2 * i;
                    }
                    return copy[0] + copy[copy.length - 1];
                }
            }
            """;

    @TempDir
    static Path work;
    static Path in;
    static final Map<String, TestJars.Run> runs = new HashMap<>();

    @BeforeAll
    static void compile() {
        in = TestJars.compileToJar(work, "esc.jar", Map.of("esc.Subject", SUBJECT, "esc.Point", POINT, "esc.Box", BOX,
                "esc.Node", NODE, "esc.Base", BASE, "esc.Leaky", LEAKY, "esc.Shape", SHAPE, "esc.LeakyShape", LEAKY_SHAPE,
                "esc.Scratch", SCRATCH));
    }

    /** The jar rewritten in {@code mode} with {@code --elide escape}, rewritten once per mode. */
    private static Path rewritten(String mode) {
        Path out = work.resolve("esc-" + mode + ".jar");
        runs.computeIfAbsent(mode, m -> {
            TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", m,
                    "--elide", "escape", "--fields", "per-field");
            assertEquals(0, run.exitCode(), run::err);
            return run;
        });
        return out;
    }

    /** The checks left in a method of a class of the jar rewritten in {@code mode}, as "entry@line", in code order. */
    private static List<String> checks(String mode, String className, String methodName) {
        ClassNode c = classNode(rewritten(mode), className);
        List<Site> sites = Sites.table(c);
        return Sites.checks(method(c, methodName)).stream().map(k -> k.entry() + "@" + sites.get(k.siteId()).line())
                .toList();
    }

    /** As {@link #checks(String, String, String)}, each once (bigfoot repeats a deferred check in its exception handler). */
    private static List<String> checks(String mode, String methodName) {
        return checks(mode, "esc.Subject", methodName).stream().distinct().toList();
    }

    private static String at(String entry, String marker) {
        return entry + "@" + Sites.markedLine(SUBJECT, marker);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "redcard", "bigfoot"})
    void accessesBeforeThePublishingPointAreNotCheckedInAnyPlacement(String mode) {
        assertEquals(List.of(at("writeField", "store-publish"), at("writeField", "after-store")),
                checks(mode, "publishedByAFieldStore"));
        assertEquals(List.of(), checks(mode, "filledThenReturned"), "the array is returned after the loop");
        assertEquals(List.of(at("writeField", "array-publish"), at("writeArray", "array-after")),
                checks(mode, "arrayPublishedThenWritten"));
        assertEquals(List.of(at("writeField", "after-call")), checks(mode, "publishedByACall"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void aCallWhoseTargetsKeepTheArgumentDoesNotPublishIt(String mode) {
        assertEquals(List.of(), checks(mode, "keptByTheCallee"), "inspect and measure (recursive) keep p");
        assertEquals("readField@" + Sites.markedLine(SUBJECT, "inspect"), checks(mode, "inspect").get(0),
                "the callee's own accesses keep their checks");
        assertEquals(List.of(at("writeField", "override")), checks(mode, "publishedByAnOverride"),
                "an override that publishes this makes the call publish it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void eachIterationsAllocationIsANewObject(String mode) {
        List<String> checks = checks(mode, "allocatedInALoop");
        assertTrue(checks.stream().noneMatch(c -> c.startsWith("writeField")), checks::toString);
        assertTrue(checks.contains(at("writeArray", "loop-publish")) || checks.contains("writeArrayRange@"
                + Sites.markedLine(SUBJECT, "loop-publish")), checks::toString);
    }

    @Test
    void conservativeWherePublicationCannotBeFollowed() {
        assertEquals(List.of(at("writeField", "phi"), "readField@" + (Sites.markedLine(SUBJECT, "phi") + 1)),
                checks("fasttrack", "mergedByAPhi"), "a phi merges objects: not followed");
        assertEquals(List.of(at("writeField", "phi-store"), at("writeField", "phi-publish")),
                checks("fasttrack", "publishedThroughAPhi"), "what a phi merges is published with it");
        assertEquals(List.of(at("writeField", "stored-into-fresh"), at("writeStatic", "sink")),
                checks("fasttrack", "storedIntoAnotherFreshObject"), "a store into any object publishes");
        assertEquals(List.of(at("writeField", "caught")), checks("fasttrack", "publishedThenCaught"),
                "a call that throws may have published its argument first");
    }

    @Test
    void synchronisationOnAFreshObjectKeepsItsEvents() {
        assertEquals(List.of(at("writeField", "after-lock")), checks("fasttrack", "lockedButNotPublished"));
        List<String> calls = TestJars.runtimeCalls(method(classNode(rewritten("fasttrack"), "esc.Subject"),
                "lockedButNotPublished"));
        assertTrue(calls.contains("acquire") && calls.contains("release"), calls::toString);
    }

    @Test
    void constructorsThatKeepThisToThemselvesNeedNoChecks() {
        assertEquals(List.of("writeField@" + Sites.markedLine(NODE, "node-point")),
                checks("fasttrack", "esc.Node", "<init>"), "only the field of the object this.p holds");
        assertEquals(List.of(), TestJars.runtimeCalls(method(classNode(rewritten("fasttrack"), "esc.Base"), "<init>"))
                .stream().filter(c -> c.contains("Field") || c.contains("Fresh")).toList());
        assertEquals(List.of(at("writeField", "node-read")), checks("fasttrack", "builtByAPrivateConstructor"),
                "a constructor that keeps this does not publish the object it initialises");
        assertEquals(List.of(at("writeField", "leaky-caller")), checks("fasttrack", "builtByALeakyConstructor"));
        List<String> leaky = TestJars.runtimeCalls(method(classNode(rewritten("fasttrack"), "esc.Leaky"), "<init>"));
        assertEquals(1, leaky.stream().filter(c -> c.startsWith("write") && c.contains("Field")
                || c.equals("writeFresh")).count(), "this.v after `last = this` keeps its check: " + leaky);
    }

    @Test
    void theSummaryAndMetadataCountTheElidedChecks() throws Exception {
        rewritten("fasttrack");
        TestJars.Run run = runs.get("fasttrack");
        assertTrue(run.out().matches("(?s).*covered by another check of their location, [1-9][0-9]* elided \\(thread-local\\);.*"),
                run.out());
        Properties metadata = new Properties();
        metadata.load(new ByteArrayInputStream(TestJars.readJar(rewritten("fasttrack"))
                .get("META-INF/bigfoot/instrumented.properties")));
        assertEquals("escape", metadata.getProperty("elide"));
        assertTrue(Integer.parseInt(metadata.getProperty("checks.elided")) > 0, metadata::toString);
        Path plain = work.resolve("esc-unfiltered.jar");
        assertEquals(0, TestJars.staticbf("--in", in.toString(), "--out", plain.toString(), "--mode", "fasttrack",
                "--fields", "per-field").exitCode());
        Properties unfiltered = new Properties();
        unfiltered.load(new ByteArrayInputStream(TestJars.readJar(plain).get("META-INF/bigfoot/instrumented.properties")));
        assertEquals(unfiltered.getProperty("accesses"), metadata.getProperty("accesses"),
                "a class left unchanged, every access elided, still counts its accesses");
        assertEquals(metadata.getProperty("checks.elided"), String.valueOf(Integer.parseInt(metadata.getProperty(
                "sites.field.elided")) + Integer.parseInt(metadata.getProperty("sites.array.elided"))
                + Integer.parseInt(metadata.getProperty("sites.static.elided"))));
        TestJars.assertVerifies(rewritten("fasttrack"));
        TestJars.assertVerifies(rewritten("bigfoot"));
    }

    @Test
    void anUnknownFilterIsAUsageError() {
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", work.resolve("x.jar").toString(),
                "--elide", "everything");
        assertEquals(2, run.exitCode());
        assertEquals(List.of("staticbf: error: unknown --elide 'everything' (one of: none, escape, dynamic-escape)"), run.errLines());
    }
}
