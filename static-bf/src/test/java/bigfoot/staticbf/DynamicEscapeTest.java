package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.assertVerifies;
import static bigfoot.staticbf.TestJars.compile;
import static bigfoot.staticbf.TestJars.loader;
import static bigfoot.staticbf.TestJars.rewrite;
import static bigfoot.staticbf.TestJars.writeJar;
import static org.junit.jupiter.api.Assertions.assertEquals;

import bigfoot.rt.RT;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --elide dynamic-escape} (the dynamic half of the BigFoot dissertation's chapter 4): objects of rewritten
 * classes start local, their field checks are skipped while they are, and they escape where a reference may leave the
 * thread. Each case of the subject runs under the runtime's test double, which clears the bit at each escape and
 * records it; the test asserts the checks and escapes in order.
 */
class DynamicEscapeTest {

    private static final String SUBJECT = """
            package dyn;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.function.Supplier;

            public class Subject {
                static Object sink;
                static Point last;
                static dyn.hidden.Visible visible;
                static final List<Object> LIST = new ArrayList<>();

                public static void publishedThroughAStatic() {
                    Point p = new Point();
                    p.x = 1;         // local: no check
                    sink = p;        // escapes
                    p.x = 2;         // checked
                }

                public static void publishedThroughATypedStatic() {
                    Point p = new Point();
                    p.x = 1;         // local: no check
                    last = p;        // escapes (its bit read in line first: a Point carries one)
                    last = p;        // escaped already: nothing
                    last = null;
                    p.x = 2;         // checked
                }

                public static void storedIntoALocalThenHandedToTheJdk() {
                    Point p = new Point();
                    Box b = new Box();
                    b.p = p;         // b is local: nothing escapes
                    p.x = 1;
                    LIST.add(b);     // b escapes (the runtime's walk takes p with it)
                }

                public static void lookedUpInACollection() {
                    Point p = new Point();
                    if (!LIST.contains(p)) { // a collection's read keeps nothing
                        p.x = 7;
                    }
                }

                public static void storedIntoAnArray() {
                    Point p = new Point();
                    Object[] a = new Object[1];
                    a[0] = p;        // escapes: arrays carry no bit
                }

                public static void capturedByALambda() {
                    Point p = new Point();
                    Runnable r = () -> p.x = 3;
                    r.run();         // the lambda's own class is not rewritten: p escaped at the capture
                }

                public static void aProgramRunnableKeepsItsArgumentLocal() {
                    Point p = new Point();
                    Runnable r = new Task(p);
                    r.run();         // Runnable.run is abstract: the receiver is the program's, nothing escapes
                    p.x = 4;
                }

                public static void aSupplierTheProgramCallsKeepsItsResultLocal() {
                    Supplier<Point> s = new Maker();
                    Point p = s.get(); // the program called Maker's get: the point stays local
                    p.x = 6;
                }

                public static void anIteratorAskedOfItsOwnClassStaysLocal() {
                    Bag b = new Bag();
                    Cursor c = (Cursor) b.iterator(); // Bag's iterator(), called through Bag: the program's call
                    c.at = 1;
                }

                public static Object aSupplierTheJdkCallsHandsItsResultOver() {
                    return java.util.Optional.<Point>empty().orElseGet(new Maker()); // the JDK called it
                }

                public static java.math.BigDecimal sumOfJdkValues(java.math.BigDecimal d, java.util.HashMap<Object, Object> m,
                        String s) {
                    m.clear();           // handed to the JDK, as d and s are below: but no HashMap nor BigDecimal can
                    java.util.regex.Pattern.compile(s); // carry a bit (their constructors may let this go), nor
                    return d.add(d);     // can a String (a final class), nor hold an object that does
                }

                public static boolean jdkValuesHandedOverAsObjects(java.math.BigDecimal d, java.math.BigDecimal e,
                        Object[] out) {
                    out[0] = d;          // a BigDecimal into an array, and handed to equals(Object): it carries no
                    return d.equals(e);  // bit, nor holds one, whatever type the instruction names
                }

                public static void storedIntoATypedArrayTwice() {
                    Point p = new Point();
                    Point[] a = new Point[2];
                    a[0] = p;        // escapes (a Point carries a bit: read in line first)
                    a[1] = p;        // escaped already: nothing
                    p.x = 5;         // checked
                }

                public static void storedThroughAHiddenRoot() {
                    Object[] a = new Object[2];
                    a[0] = dyn.hidden.Visible.make(); // a Visible: its bit is read through Visible, not its root,
                    a[1] = dyn.hidden.Visible.hidden(); // which this package may not name; nor this value's class
                    visible = dyn.hidden.Visible.make(); // a typed static's store, the same
                }

                public static void aThreadSubclassIsNeverLocal() {
                    Worker w = new Worker();
                    w.count = 1;     // checked: Thread's constructor may publish its object
                }
            }

            class Point {
                int x;
            }

            class Box {
                Point p;
            }

            class Task implements Runnable {
                final Point p;

                Task(Point p) {
                    this.p = p;
                }

                public void run() {
                    p.x = 5;
                }
            }

            class Maker implements Supplier<Point> {
                public Point get() {
                    return new Point();
                }
            }

            class Bag implements Iterable<Point> {
                public java.util.Iterator<Point> iterator() { // the JDK may call it too (a for-each in its code)
                    return new Cursor();
                }
            }

            class Cursor implements java.util.Iterator<Point> {
                int at;

                public boolean hasNext() {
                    return at == 0;
                }

                public Point next() {
                    at++;
                    return new Point();
                }
            }

            class Worker extends Thread {
                int count;
            }
            """;

    @Test
    void localObjectsAreNotCheckedUntilTheyEscape(@TempDir Path work) throws Exception {
        Path in = writeJar(work.resolve("in.jar"), compile(work, Map.of("dyn/Subject.java", SUBJECT,
                "dyn/hidden/Visible.java", HIDDEN)));
        rewrite(work, in, "out.jar", "--mode", "fasttrack", "--elide", "dynamic-escape", "--no-cache");
        Path out = work.resolve("out.jar");
        assertVerifies(out);
        try (URLClassLoader loader = loader(out)) {
            Class<?> subject = Class.forName("dyn.Subject", true, loader);
            assertEquals(List.of("escape Point", "writeField Point"), run(subject, "publishedThroughAStatic"));
            assertEquals(List.of("escape Point", "writeField Point"), run(subject, "publishedThroughATypedStatic"));
            assertEquals(List.of("escape Box"), run(subject, "storedIntoALocalThenHandedToTheJdk"));
            assertEquals(List.of(), run(subject, "lookedUpInACollection"));
            assertEquals(List.of("escape Point"), run(subject, "storedIntoAnArray"));
            assertEquals(List.of("escape Point", "writeField Point"), run(subject, "storedIntoATypedArrayTwice"));
            assertEquals(List.of("escape Visible", "escape Unnamed", "escape Visible"),
                    run(subject, "storedThroughAHiddenRoot"));
            assertEquals(List.of("escape Point", "writeField Point"), run(subject, "capturedByALambda"));
            assertEquals(List.of(), run(subject, "aProgramRunnableKeepsItsArgumentLocal"));
            assertEquals(List.of(), run(subject, "aSupplierTheProgramCallsKeepsItsResultLocal"));
            assertEquals(List.of(), run(subject, "anIteratorAskedOfItsOwnClassStaysLocal"));
            assertEquals(List.of("escape Maker", "escape Point"), run(subject, "aSupplierTheJdkCallsHandsItsResultOver"));
            assertEquals(List.of("writeField Worker"), run(subject, "aThreadSubclassIsNeverLocal"));
        }
        assertEquals(List.of(), TestJars.runtimeCalls(TestJars.method(TestJars.classNode(out, "dyn.Subject"),
                "sumOfJdkValues")).stream().filter(c -> c.startsWith("escape")).toList(),
                "BigDecimal's and HashMap's constructors may let this go, String is final: none carries a bit");
        assertEquals(List.of(), TestJars.runtimeCalls(TestJars.method(TestJars.classNode(out, "dyn.Subject"),
                "jdkValuesHandedOverAsObjects")).stream().filter(c -> c.startsWith("escape")).toList(),
                "the values' own type, BigDecimal, not Object's, decides");
    }

    /** A root class another package may not name, below a public class it may. */
    private static final String HIDDEN = """
            package dyn.hidden;

            abstract class Hidden {
                int n;
            }

            class Unnamed extends Hidden {
            }

            public class Visible extends Hidden {
                public static Visible make() {
                    return new Visible();
                }

                public static Object hidden() {
                    return (Hidden) new Unnamed();
                }
            }
            """;

    private static final String CAPSULES = """
            package cap;

            public class Subject {
                static Object[] sink;

                public static void keptByACapsule() {
                    Stack s = new Stack();
                    Point p = new Point();
                    s.push(p);       // into the local capsule's own array: stays local
                    p.x = 1;
                }

                public static void copiedOutOfACapsule() {
                    CopyingStack s = new CopyingStack();
                    Point p = new Point();
                    s.push(p);       // escapes: the capsule's copies take its elements elsewhere
                    sink = s.snapshot();
                    p.x = 2;
                }

                public static void copiedOutOfACapsuleByAHelper() {
                    FillingStack s = new FillingStack();
                    Point p = new Point();
                    s.push(p);       // escapes: a helper copies the capsule's elements into the caller's array
                    sink = s.copyInto(new Object[4]);
                    p.x = 3;
                }
            }

            final class Copies {
                static void copy(Object[] from, Object[] to, int n) {
                    System.arraycopy(from, 0, to, 0, n);
                }
            }

            class FillingStack {
                private Object[] items = new Object[4];
                private int size;

                void push(Object o) {
                    items[size++] = o;
                }

                Object[] copyInto(Object[] into) {
                    Copies.copy(items, into, size);
                    return into;
                }
            }

            class Point {
                int x;
            }

            class Stack {
                private Object[] items = new Object[4];
                private int size;

                void push(Object o) {
                    if (size == items.length) {
                        Object[] bigger = new Object[size * 2];
                        System.arraycopy(items, 0, bigger, 0, size); // into its own array again
                        items = bigger;
                    }
                    items[size++] = o;
                }
            }

            class CopyingStack {
                private Object[] items = new Object[4];
                private int size;

                void push(Object o) {
                    items[size++] = o;
                }

                Object[] snapshot() {
                    return items.clone();
                }
            }
            """;

    @Test
    void aCapsuleKeepsWhatItStoresIntoItsOwnArrayUnlessItCopiesItOut(@TempDir Path work) throws Exception {
        Path in = writeJar(work.resolve("in.jar"), compile(work, Map.of("cap/Subject.java", CAPSULES)));
        rewrite(work, in, "out.jar", "--mode", "fasttrack", "--elide", "dynamic-escape", "--capsules", "all",
                "--no-cache");
        Path out = work.resolve("out.jar");
        assertVerifies(out);
        try (URLClassLoader loader = loader(out)) {
            Class<?> subject = Class.forName("cap.Subject", true, loader);
            assertEquals(List.of(), run(subject, "keptByACapsule"));
            assertEquals(List.of("escape Point", "writeField Point"), run(subject, "copiedOutOfACapsule"));
            assertEquals(List.of("escape Point", "writeField Point"), run(subject, "copiedOutOfACapsuleByAHelper"));
        }
    }

    /** The escapes and field checks a case makes, with their objects' classes. */
    private static List<String> run(Class<?> subject, String method) throws Exception {
        RT.reset();
        subject.getMethod(method).invoke(null);
        return RT.events().stream().filter(e -> e.entry().equals("escape") || e.entry().endsWith("Field"))
                .map(e -> e.entry() + " " + e.subject().getClass().getSimpleName()).toList();
    }
}
