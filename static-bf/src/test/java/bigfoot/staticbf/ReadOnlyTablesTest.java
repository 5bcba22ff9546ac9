package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static org.junit.jupiter.api.Assertions.assertEquals;

import bigfoot.ir.Site;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.tree.ClassNode;

/**
 * Read-only static tables under {@code --elide escape}: the element reads of a private static final array that its
 * class fills while it initialises, and that nothing writes, stores, passes or returns afterwards, get no checks;
 * every table that fails one condition keeps the checks the placement gives its reads. Each method of the subject
 * reads one table; the test asserts the array checks left in it, by source line.
 */
class ReadOnlyTablesTest {

    private static final String SCANNER = """
            package tab;

            public class Scanner {
                private static final int[] PACKED = unpack("\\u0003\\u0001\\u0002");
                private static final char[] MAP = new char[4];
                private static final int[] LITERAL = {1, 2, 3};
                private static final int[] WRITTEN_LATER = new int[4];
                private static final int[] HANDED_OUT = new int[4];
                private static final int[] PASSED = new int[4];
                private static final int[] SOURCE = new int[2];
                private static final int[] ALIAS;
                private static final int[] SHARED = sharedByTwo();
                private static final int[] TWIN = SHARED;
                public static final int[] PUBLIC = new int[4];
                private static int[] notFinal = new int[4];
                private static final int[] KEPT = keep();
                private static final int[] WRAPPED = wrapKeep();
                private static int[] kept;

                static {
                    for (int i = 0; i < MAP.length; i++) {
                        MAP[i] = (char) i;
                    }
                    fill(WRITTEN_LATER);
                    ALIAS = SOURCE;
                }

                private static int[] unpack(String s) {
                    int[] r = new int[s.length()];
                    fillFrom(s, r);
                    return r;
                }

                private static void fillFrom(String s, int[] into) {
                    for (int i = 0; i < s.length(); i++) {
                        into[i] = s.charAt(i);
                    }
                }

                private static void fill(int[] a) {
                    for (int i = 0; i < a.length; i++) {
                        a[i] = i;
                    }
                }

                private static int[] sharedByTwo() {
                    return new int[2];
                }

                private static int[] keep() {
                    int[] r = new int[2];
                    kept = r;
                    return r;
                }

                private static int[] wrapKeep() {
                    return keep();
                }

                public int scan(int c) {
                    int[] packed = PACKED;
                    char m = MAP[c]; // @map
                    return packed[m] + packed.length + LITERAL[c]; // @packed
                }

                void writeLater() {
                    WRITTEN_LATER[0] = 1; // @write-later
                }

                int readWrittenLater() {
                    return WRITTEN_LATER[1]; // @written
                }

                static int[] handOut() {
                    return HANDED_OUT;
                }

                int readHandedOut() {
                    return HANDED_OUT[0]; // @handed
                }

                int readPassed() {
                    consume(PASSED);
                    return PASSED[0]; // @passed
                }

                static void consume(int[] a) {
                }

                int readAlias() {
                    return ALIAS[0] + SOURCE[1]; // @alias
                }

                int readTwin() {
                    return TWIN[0] + SHARED[1]; // @twin
                }

                int readPublic() {
                    return PUBLIC[0]; // @public
                }

                int readNotFinal() {
                    return notFinal[0]; // @not-final
                }

                int readKept() {
                    return KEPT[0]; // @kept
                }

                int readWrapped() {
                    return WRAPPED[0]; // @wrapped
                }

                int readMerged(boolean c) {
                    int[] a = c ? LITERAL : new int[1];
                    return a[0]; // @merged
                }

                static final class Nested {
                    int readOuter() {
                        return LITERAL[1] + MAP[2]; // @nested
                    }
                }
            }
            """;

    @TempDir
    static Path work;
    static Path in;
    static final Map<String, Path> rewritten = new HashMap<>();

    @BeforeAll
    static void compile() {
        in = TestJars.compileToJar(work, "tab.jar", Map.of("tab.Scanner", SCANNER));
    }

    private static Path rewritten(String mode, String elide) {
        return rewritten.computeIfAbsent(mode + "-" + elide, k -> {
            Path out = work.resolve("tab-" + k + ".jar");
            TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", mode,
                    "--elide", elide, "--fields", "per-field");
            assertEquals(0, run.exitCode(), run::err);
            return out;
        });
    }

    /** The array checks left in a method, as "entry@line", each once, in code order. */
    private static List<String> arrayChecks(String mode, String elide, String className, String methodName) {
        ClassNode c = classNode(rewritten(mode, elide), className);
        List<Site> sites = Sites.table(c);
        return Sites.checks(method(c, methodName)).stream().filter(k -> k.entry().contains("Array"))
                .map(k -> k.entry() + "@" + sites.get(k.siteId()).line()).distinct().toList();
    }

    private static List<String> arrayChecks(String mode, String methodName) {
        return arrayChecks(mode, "escape", "tab.Scanner", methodName);
    }

    private static String read(String marker) {
        return "readArray@" + Sites.markedLine(SCANNER, marker);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void tablesFilledByTheInitialiserAndOnlyReadAfterwardsAreNotChecked(String mode) {
        assertEquals(List.of(), arrayChecks(mode, "scan"), "a producer's and filler's table, a filled one, a literal");
        assertEquals(List.of(), arrayChecks(mode, "escape", "tab.Scanner$Nested", "readOuter"),
                "a nestmate's reads");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void aTableThatMayBeWrittenAfterItsInitialisationKeepsItsChecks(String mode) {
        assertEquals(List.of(read("written")), arrayChecks(mode, "readWrittenLater"), "written by another method");
        assertEquals(List.of(read("handed")), arrayChecks(mode, "readHandedOut"), "returned by a getter");
        assertEquals(List.of(read("passed")), arrayChecks(mode, "readPassed"), "passed to a call");
        assertEquals(List.of(read("alias")), arrayChecks(mode, "readAlias"), "stored into another table");
        assertEquals(List.of(read("twin")), arrayChecks(mode, "readTwin"), "one array in two tables");
        assertEquals(List.of(read("public")), arrayChecks(mode, "readPublic"), "code outside the jar may write it");
        assertEquals(List.of(read("not-final")), arrayChecks(mode, "readNotFinal"));
        assertEquals(List.of(read("kept")), arrayChecks(mode, "readKept"), "its producer also keeps it elsewhere");
        assertEquals(List.of(read("wrapped")), arrayChecks(mode, "readWrapped"), "a helper returning such an array");
        assertEquals(List.of(read("merged")), arrayChecks(mode, "readMerged"), "the read may be of a fresh array");
    }

    /**
     * A table of class {@code mr.Lexer} that its nested class reads in the jar's base version and writes in its
     * Java 11 version (a multi-release jar): every version's code counts, so the table's reads keep their checks.
     */
    @Test
    void aWriteInAnyVersionOfAMultiReleaseClassCounts() {
        String lexer = """
                package mr;
                public class Lexer {
                    private static final int[] TABLE = {1, 2, 3};
                    public int read(int i) {
                        return TABLE[i]; // @mr-read
                    }
                    static final class Helper {
                        static int touch() {
                            %s
                        }
                    }
                }
                """;
        Map<String, byte[]> base = TestJars.readJar(TestJars.compileToJar(work, "mr-base.jar",
                Map.of("mr.Lexer", lexer.formatted("return TABLE[0];"))));
        Map<String, byte[]> java11 = TestJars.readJar(TestJars.compileToJar(work, "mr-11.jar",
                Map.of("mr.Lexer", lexer.formatted("TABLE[0] = 9; return 0;"))));
        Map<String, byte[]> entries = new LinkedHashMap<>();                   // the version first, then the base
        entries.put("META-INF/versions/11/mr/Lexer$Helper.class", java11.get("mr/Lexer$Helper.class"));
        entries.putAll(base);
        Path out = work.resolve("mr-checked.jar");
        TestJars.Run run = TestJars.staticbf("--in", TestJars.writeJar(work.resolve("mr.jar"), entries).toString(),
                "--out", out.toString(), "--mode", "fasttrack", "--elide", "escape");
        assertEquals(0, run.exitCode(), run::err);
        ClassNode c = classNode(out, "mr.Lexer");
        List<Site> sites = Sites.table(c);
        assertEquals(List.of("readArray@5"), Sites.checks(method(c, "read")).stream()
                .map(k -> k.entry() + "@" + sites.get(k.siteId()).line()).toList());
        Path baseOnly = work.resolve("mr-base-checked.jar");
        assertEquals(0, TestJars.staticbf("--in", TestJars.writeJar(work.resolve("mr-b.jar"), base).toString(),
                "--out", baseOnly.toString(), "--mode", "fasttrack", "--elide", "escape").exitCode());
        assertEquals(List.of(), Sites.checks(method(classNode(baseOnly, "mr.Lexer"), "read")),
                "without the version that writes it, a table");
    }

    @Test
    void withoutTheFilterEveryReadIsChecked() {
        assertEquals(List.of(read("map"), read("packed")), arrayChecks("fasttrack", "none", "tab.Scanner", "scan"));
    }

    @Test
    void theRewrittenTablesStillWork() throws Exception {
        TestJars.assertVerifies(rewritten("bigfoot", "escape"));
        Class<?> scanner = TestJars.loader(rewritten("fasttrack", "escape")).loadClass("tab.Scanner");
        assertEquals(1 + 3 + 2, scanner.getDeclaredMethod("scan", int.class).invoke(newInstance(scanner), 1));
    }

    private static Object newInstance(Class<?> c) throws ReflectiveOperationException {
        var constructor = c.getDeclaredConstructor();
        constructor.setAccessible(true);
        return constructor.newInstance();
    }
}
