package bigfoot.staticbf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bigfoot.rt.RT;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An element check in a loop keeps its last array and that array's shadow in locals (shared by the checks of arrays
 * loaded from one local): it looks the shadow up when its array changes, not at every iteration, and checks each
 * element as before. Checks outside loops look it up each time. So does a check that BigFoot's placement moves within
 * a loop.
 */
class ArrayShadowMemoTest {

    private static final String GRID = """
            package memo;
            public class Grid {
                public static int sum(int[][] rows) {
                    int s = 0;
                    for (int[] row : rows) {
                        for (int j = 0; j < row.length; j++) {
                            s += row[j];
                        }
                    }
                    return s;
                }
                public static void scale(long[] a, long k) {
                    for (int i = 0; i < a.length; i++) {
                        a[i] = a[i] * k;
                    }
                }
                public static int firstOf(int[] a, int[] b) {
                    return a[0] + b[0];
                }
                public static int nullInLoop(int[][] rows) {
                    int s = 0;
                    for (int[] row : rows) {
                        s += row[0];
                    }
                    return s;
                }
            }
            """;

    private static final String SPARSE = """
            package memo;
            public class Sparse {
                public static void multiply(int[] row, int[] col, double[] val, double[] x, double[] y) {
                    for (int i = 0; i < row.length; i++) {
                        y[row[i]] += x[col[i]] * val[i];
                    }
                }
            }
            """;

    @TempDir
    Path work;

    @BeforeEach
    void clearEvents() {
        RT.reset();
    }

    @Test
    void aLoopLooksUpEachArraysShadowOnceAndChecksEveryElement() throws Exception {
        Path out = TestJars.compileAndRewrite(work, Map.of("memo/Grid.java", GRID));
        TestJars.assertVerifies(out);
        try (URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = loader.loadClass("memo.Grid");
            int[][] rows = {{1, 2, 3}, {4, 5}, {6}};
            RT.reset();
            assertEquals(21, c.getMethod("sum", int[][].class).invoke(null, (Object) rows));
            assertEquals(4, RT.shadowLookups(), "one lookup for the rows array's check, one per row for the row's");
            assertEquals(subjects(rows[0], rows[0], rows[0], rows[1], rows[1], rows[2]), elementChecks("readArray"));

            long[] a = {1, 2, 3, 4};
            RT.reset();
            c.getMethod("scale", long[].class, long.class).invoke(null, a, 10L);
            assertArrayEquals(new long[] {10, 20, 30, 40}, a, "the stored values (long, two slots) are unchanged");
            assertEquals(1, RT.shadowLookups(), "the read and the write of a, loaded from one local, share one lookup");
            assertEquals(Collections.nCopies(4, a), elementChecks("readArray"));
            assertEquals(Collections.nCopies(4, a), elementChecks("writeArray"));

            int[] x = {1};
            int[] y = {2};
            RT.reset();
            assertEquals(3, c.getMethod("firstOf", int[].class, int[].class).invoke(null, x, y));
            assertEquals(0, RT.shadowLookups(), "no loop: the check finds the shadow itself");
            assertEquals(subjects(x, y), elementChecks("readArray"));
        }
    }

    @Test
    void aNullArrayInALoopIsCheckedAsBeforeAndThrowsAsBefore() throws Exception {
        Path out = TestJars.compileAndRewrite(work, Map.of("memo/Grid.java", GRID));
        try (URLClassLoader loader = TestJars.loader(out)) {
            Method nullInLoop = loader.loadClass("memo.Grid").getMethod("nullInLoop", int[][].class);
            int[] row = {7};
            RT.reset();
            InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
                    () -> nullInLoop.invoke(null, (Object) new int[][] {row, null}));
            assertEquals(NullPointerException.class, thrown.getCause().getClass());
            assertEquals(subjects(row, null), elementChecks("readArray"), "the row checks, null included");
        }
    }

    @Test
    void anIndirectCheckThatBigFootMovesToTheLoopsBackEdgeLooksTheShadowUpOnce() throws Exception {
        Path in = TestJars.writeJar(work.resolve("in.jar"), TestJars.compile(work, Map.of("memo/Sparse.java", SPARSE)));
        Path out = work.resolve("out.jar");
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", "bigfoot");
        assertEquals(0, run.exitCode(), run::err);
        TestJars.assertVerifies(out);
        try (URLClassLoader loader = TestJars.loader(out)) {
            Method multiply = loader.loadClass("memo.Sparse").getMethod("multiply", int[].class, int[].class,
                    double[].class, double[].class, double[].class);
            double[] x = {1, 2};
            double[] y = new double[3];
            RT.reset();
            multiply.invoke(null, new int[] {0, 0, 2}, new int[] {1, 0, 1}, new double[] {1, 10, 100}, x, y);
            assertArrayEquals(new double[] {12, 0, 200}, y);
            assertEquals(2, RT.shadowLookups(), "one lookup for x's moved checks, one for y's");
            assertEquals(subjects(x, x, x), elementChecks("readArray"), "x[col[i]], each iteration");
            assertEquals(subjects(y, y, y), elementChecks("writeArray"), "y[row[i]], each iteration (its read covered)");
        }
    }

    private static List<Object> subjects(Object... arrays) {
        return java.util.Arrays.asList(arrays);
    }

    /** The arrays of the element checks of one kind, in order. */
    private static List<Object> elementChecks(String entry) {
        return RT.events().stream().filter(e -> e.entry().equals(entry)).map(RT.Event::subject)
                .filter(s -> !(s instanceof Object[] outer && outer.getClass() == int[][].class)).toList();
    }
}
