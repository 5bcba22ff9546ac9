package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.Site;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.ClassNode;

/**
 * {@code --mode redcard}: a re-check of a location already checked in the same release-free span is
 * removed, every other check stays where fasttrack puts it. Each method of the subject is one case; the
 * test asserts the exact checks left in it, by entry point and source line (lines found by their markers).
 */
class RedCardPlacementTest {

    private static final String SUBJECT = """
            package rc;

            public class Subject {
                int f;
                int g;
                volatile int v;
                static int s;
                int[] a = new int[4];
                static final Object LOCK = new Object();

                int readTwice() {
                    int x = f; // @readTwice1
                    int y = f;
                    return x + y;
                }

                void readThenWrite(Point p) {
                    int x = p.x; // @rtw-read
                    p.x = x + 1; // @rtw-write
                    int y = p.x;
                    p.x = y;
                }

                int arrayTwice(int i) {
                    int[] b = a; // @array-field
                    int x = b[i]; // @array1
                    int y = b[i];
                    return x + y;
                }

                int loop(int n) {
                    int sum = f; // @loop-before
                    for (int i = 0; i < n; i++) {
                        sum += f;
                    }
                    return sum;
                }

                int staticTwice() {
                    return s // @static1
                            + s;
                }

                int syncBlockBetween() {
                    int x = f; // @sync1
                    synchronized (LOCK) {
                        s++; // @sync-static
                    }
                    return x + f; // @sync2
                }

                synchronized void locked() {
                    g++;
                }

                int syncCallBetween() {
                    int x = f; // @call1
                    locked();
                    return x + f; // @call2
                }

                int volatileWriteBetween() {
                    int x = f; // @vw1
                    v = 1;
                    return x + f; // @vw2
                }

                int volatileReadBetween() {
                    int x = f; // @vr1
                    int y = v;
                    return x + y + f;
                }

                int differentReceiver(Subject o) {
                    int x = f; // @recv1
                    int y = o.f; // @recv2
                    return x + y;
                }

                int differentIndex(int i, int j) {
                    int[] b = a; // @index-field
                    int x = b[i]; // @index1
                    int y = b[j]; // @index2
                    int[] c = a; // @index-field2
                    return x + y + c[i]; // @index3
                }

                void writeAfterRead() {
                    int x = f; // @war-read
                    f = x + 1; // @war-write
                }

                int unresolvableCall() {
                    int x = f; // @missing1
                    lib.Missing.call();
                    return x + f; // @missing2
                }

                int mayThrowBetween(Subject o) {
                    try {
                        g = o.f; // @throw1
                    } catch (NullPointerException e) {
                        g = -1; // @throw-catch
                    }
                    return o.f; // @throw2
                }

                int startBetween(Thread t) {
                    int x = f; // @start1
                    t.start();
                    return x + f; // @start2
                }

                int waitBetween(Object monitor) throws InterruptedException {
                    int x = f; // @wait1
                    monitor.wait(); // (held by the caller)
                    return x + f; // @wait2
                }

                int classInitBetween() {
                    int x = f; // @init1
                    new Other();
                    return x + f; // @init2
                }

                int classInitInCallee() {
                    int x = f; // @callee-init1
                    makeOther();
                    return x + f; // @callee-init2
                }

                static void makeOther() {
                    new Other();
                }

                int classInitTwice() {
                    new Other();
                    int x = f; // @init-twice
                    new Other();
                    return x + f;
                }
            }
            """;
    private static final String POINT = """
            package rc;
            public class Point { public int x; }
            """;
    private static final String OTHER = """
            package rc;
            public class Other { static int created = 1; }
            """;
    /** Compiled, but left out of the jar: calls to it cannot be resolved. */
    private static final String MISSING = """
            package lib;
            public class Missing { public static void call() { } }
            """;

    @TempDir
    static Path work;
    static TestJars.Run run;
    static ClassNode subject;
    static List<Site> sites;
    static Path in;
    static Path out;

    @BeforeAll
    static void rewrite() {
        in = TestJars.compileToJar(work, "rc.jar", Map.of("rc.Subject", SUBJECT, "rc.Point", POINT,
                "rc.Other", OTHER, "lib.Missing", MISSING), name -> !name.startsWith("lib/"));
        out = work.resolve("rc-checked.jar");
        run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", "redcard");
        assertEquals(0, run.exitCode(), run::err);
        subject = classNode(out, "rc.Subject");
        sites = Sites.table(subject);
    }

    /** The checks left in a method, as "entry@line". */
    private static List<String> checks(String methodName) {
        return Sites.checks(method(subject, methodName)).stream()
                .map(c -> c.entry() + "@" + sites.get(c.siteId()).line()).toList();
    }

    /** The source line of the marker comment {@code // @name}. */
    private static int line(String marker) {
        return Sites.markedLine(SUBJECT, marker);
    }

    private static String at(String entry, String marker) {
        return entry + "@" + line(marker);
    }

    @Test
    void aSecondReadOfTheSameFieldIsNotChecked() {
        assertEquals(List.of(at("readField", "readTwice1")), checks("readTwice"));
    }

    @Test
    void aReadCheckDoesNotCoverALaterWriteButAWriteCheckCoversEverything() {
        assertEquals(List.of(at("readField", "rtw-read"), at("writeField", "rtw-write")), checks("readThenWrite"));
        assertEquals(List.of(at("readField", "war-read"), at("writeField", "war-write")), checks("writeAfterRead"));
    }

    @Test
    void anArrayElementWithTheSameIndexValueIsCheckedOnce() {
        assertEquals(List.of(at("readField", "array-field"), at("readArray", "array1")), checks("arrayTwice"));
    }

    @Test
    void differentIndexValuesOrReceiversKeepTheirChecks() {
        // a second load of this.a is a different array value for SSA: its element keeps its check
        assertEquals(List.of(at("readField", "index-field"), at("readArray", "index1"), at("readArray", "index2"),
                at("readArray", "index3")), checks("differentIndex"));
        assertEquals(List.of(at("readField", "recv1"), at("readField", "recv2")), checks("differentReceiver"));
    }

    @Test
    void aLoopWithoutReleaseReusesTheCheckBeforeIt() {
        assertEquals(List.of(at("readField", "loop-before")), checks("loop"));
    }

    @Test
    void aStaticFieldIsCheckedOncePerSpan() {
        assertEquals(List.of(at("readStatic", "static1")), checks("staticTwice"));
    }

    @Test
    void releasesEndTheSpan() {
        assertEquals(List.of(at("readField", "sync1"), at("readStatic", "sync-static"),
                at("writeStatic", "sync-static"), at("readField", "sync2")), checks("syncBlockBetween"));
        assertEquals(List.of(at("readField", "call1"), at("readField", "call2")), checks("syncCallBetween"));
        assertEquals(List.of(at("readField", "vw1"), at("readField", "vw2")), checks("volatileWriteBetween"));
        assertEquals(List.of(at("readField", "missing1"), at("readField", "missing2")), checks("unresolvableCall"));
        assertEquals(List.of(at("readField", "start1"), at("readField", "start2")), checks("startBetween"));
        assertEquals(List.of(at("readField", "wait1"), at("readField", "wait2")), checks("waitBetween"));
        assertEquals(List.of(at("readField", "init1"), at("readField", "init2")), checks("classInitBetween"),
                "the first use of a class runs its <clinit>, which ends with a release");
        assertEquals(List.of(at("readField", "callee-init1"), at("readField", "callee-init2")),
                checks("classInitInCallee"), "a callee's first use of a class releases too (kill sets)");
    }

    @Test
    void acquiresAndAnAlreadyInitialisedClassDoNotEndTheSpan() {
        assertEquals(List.of(at("readField", "vr1")), checks("volatileReadBetween"));
        assertEquals(List.of(at("readField", "init-twice")), checks("classInitTwice"));
    }

    @Test
    void anAccessThatMayHaveThrownDoesNotCoverTheHandler() {
        assertEquals(List.of(at("readField", "throw1"), at("writeField", "throw1"), at("writeField", "throw-catch"),
                at("readField", "throw2")), checks("mayThrowBetween"));
    }

    @Test
    void aClassWithMultiReleaseVersionsKeepsEveryCheck() {
        Map<String, byte[]> entries = new LinkedHashMap<>(TestJars.readJar(in));
        entries.put("META-INF/versions/11/rc/Subject.class", entries.get("rc/Subject.class"));
        Path multi = TestJars.writeJar(work.resolve("rc-multi.jar"), entries);
        Path multiOut = work.resolve("rc-multi-checked.jar");
        TestJars.Run multiRun = TestJars.staticbf("--in", multi.toString(), "--out", multiOut.toString(),
                "--mode", "redcard");
        assertEquals(0, multiRun.exitCode(), multiRun::err);
        assertEquals(List.of("staticbf: warning: redcard: 1 class(es) with multi-release versions keep every check, "
                + "as in fasttrack (e.g. rc/Subject)"), multiRun.errLines());
        ClassNode base = classNode(multiOut, "rc.Subject");
        assertEquals(List.of("readField", "readField"),
                Sites.checks(method(base, "readTwice")).stream().map(Sites.Check::entry).toList());
    }

    @Test
    void aProgramWalaCannotLoadIsRewrittenAsInFasttrackWithOneWarning() {
        Path resourcesOnly = TestJars.writeJar(work.resolve("resources.jar"), Map.of("README.txt", TestJars.utf8("hi")));
        TestJars.Run r = TestJars.staticbf("--in", resourcesOnly.toString(), "--out",
                work.resolve("resources-checked.jar").toString(), "--mode", "redcard");
        assertEquals(0, r.exitCode(), r::err);
        assertEquals(List.of("staticbf: warning: redcard: cannot analyse " + resourcesOnly
                + ": it holds no class files; every access keeps its check, as in fasttrack"),
                r.errLines());
    }

    @Test
    void theSummaryAndMetadataCountTheCoveredChecks() throws Exception {
        // readTwice 1, readThenWrite 2, arrayTwice 1, loop 1, staticTwice 1, differentIndex 1 (the second
        // read of this.a), volatileReadBetween 1, classInitTwice 1
        int covered = 9; // redcard moves no check
        assertTrue(run.out().startsWith("staticbf: wrote " + out + " (redcard): "), run.out());
        assertTrue(run.out().contains("; placement: 0 checks moved, " + covered + " covered by another check of their location"),
                run.out());
        Properties metadata = new Properties();
        metadata.load(new java.io.ByteArrayInputStream(
                TestJars.readJar(out).get("META-INF/bigfoot/instrumented.properties")));
        assertEquals("redcard", metadata.getProperty("mode"));
        assertEquals(String.valueOf(covered), metadata.getProperty("checks.covered"));
        assertEquals("0", metadata.getProperty("checks.moved"));
        TestJars.assertVerifies(out);
    }
}
