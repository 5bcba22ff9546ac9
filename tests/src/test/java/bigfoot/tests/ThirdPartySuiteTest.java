package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.RuntimeApi;
import java.io.File;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A real library's own concurrent tests, checked end to end: commons-pool2 2.13.1's test sources (Maven Central's
 * {@code test-sources} jar, copied by the build) are compiled against its jar and a bounded subset is run with the
 * JUnit console launcher, first on the original jars, then with library and tests rewritten by StaticBF (its default
 * bigfoot placement, one jar at a time, the others on {@code --classpath}) under DynamicBF, launched as
 * {@code bin/dynamicbf} launches a program. The rewritten suite passes exactly the tests the original passes, and the
 * only races reported are the tests' own unsynchronised fields listed below: none on the pool's state, which its
 * monitors, locks and conditions, atomics and concurrent maps order.
 */
class ThirdPartySuiteTest {

    private static final String IMPL = "org.apache.commons.pool2.impl.";

    /**
     * Whole test classes: abandoned-object tracking (plain and keyed pools) with the evictor thread, concurrent
     * borrowers and a returner racing the abandoned sweep; the pool's statistics updated from 10 pool threads; a
     * borrower blocked on the pool's deque until another thread returns; the evictor's executor started and stopped.
     */
    private static final List<String> CLASSES = List.of("TestAbandonedObjectPool", "TestAbandonedKeyedObjectPool",
            "TestBaseGenericObjectPool", "TestGenericObjectPoolFactoryCreateFailure", "TestEvictionTimer");

    /**
     * Methods of TestGenericObjectPool (the whole class takes over 15 minutes): borrow and return from 20 threads,
     * borrow against evict (5,000 pairs of threads), 20 threads invalidating one object, a blocked borrower
     * interrupted, a blocked borrower woken by {@code close}.
     */
    private static final List<String> POOL_METHODS = List.of("testThreaded1", "testConcurrentBorrowAndEvict",
            "testConcurrentInvalidate", "testWhenExhaustedBlockInterrupt", "testWhenExhaustedBlockClosePool");

    /**
     * Real races in the tests' own code, reported in every run in which the tests pass: each test asserts that its
     * read saw the other thread's write, and no synchronisation orders the two.
     */
    private static final Map<String, String> ALWAYS_RACY = Map.of(
            IMPL + "PooledTestObject.destroyed", "a plain boolean the evictor thread sets as it destroys an abandoned"
                    + " object; testStackTrace reads it after Thread.sleep(2000), with nothing in between",
            IMPL + "TestGenericObjectPool$InvalidateThread.done", "a plain boolean each invalidating thread sets as it"
                    + " ends; testConcurrentInvalidate polls it (complete()) between sleeps and never joins the threads",
            IMPL + "TestGenericObjectPool$WaitingTestThread.thrown", "a plain field the blocked borrower sets when its"
                    + " borrow is interrupted; testWhenExhaustedBlockInterrupt/ClosePool read it after Thread.sleep(200)");

    /**
     * Real races the schedule decides: testAbandonedReturn starts a ConcurrentReturner that reads the test's
     * {@code pool} field and is never joined; tearDown then sets the field to null. The two are ordered only when the
     * returner's {@code returnObject} locks the pooled object before the main thread's abandoned sweep last does.
     */
    private static final Set<String> SOMETIMES_RACY = Set.of(IMPL + "TestAbandonedKeyedObjectPool.pool",
            IMPL + "TestAbandonedObjectPool.pool");

    /** Each run takes about a minute on 2 cores, mostly the tests' own sleeps. */
    private static final long RUN_TIMEOUT_SECONDS = 180;

    private static final Pattern SUMMARY_LINE = Pattern.compile("\\[\\s*(\\d+) ((?:tests|containers) \\w+)\\s*]");

    /** One run of the suite: the launcher's summary counts ("tests successful": 31) and each test's outcome. */
    private record Outcome(int exit, Map<String, Long> counts, Map<String, String> tests) {
    }

    @Test
    void rewrittenSuitePassesTheSameTestsAndRacesOnlyOnTheTestsOwnFields() throws Exception {
        long start = System.nanoTime();
        Path dir = Workspace.fresh("third-party");
        Path libs = Path.of(System.getProperty("bigfoot.thirdparty.dir", "target/third-party"));
        Path pool = libs.resolve("commons-pool2.jar");
        Path lang3 = libs.resolve("commons-lang3.jar");
        Path console = libs.resolve("junit-platform-console-standalone.jar");
        for (Path jar : List.of(pool, lang3, console, libs.resolve("commons-pool2-test-sources.jar"))) {
            assertTrue(Files.isRegularFile(jar), () -> jar + " missing: the tests module's build copies it from Central");
        }
        Path tests = compileTests(libs.resolve("commons-pool2-test-sources.jar"), pool, lang3, console, dir);
        long compiled = System.nanoTime();

        Outcome original = runSuite(List.of(), classpath(pool, lang3, tests), console, dir.resolve("original"));
        assertEquals(0, original.exit(), "the subset fails on the original jars: " + original);
        for (String c : CLASSES) {
            assertTrue(original.tests().keySet().stream().anyMatch(t -> t.startsWith(IMPL + c + "#")), "no test of " + c
                    + " ran: " + original.tests().keySet());
        }
        for (String m : POOL_METHODS) {
            assertEquals("successful", original.tests().get(IMPL + "TestGenericObjectPool#" + m + "()"), m);
        }
        long ranOriginal = System.nanoTime();

        Path poolChecked = Rewriter.rewrite(pool, dir.resolve("commons-pool2-checked.jar"), "--mode", "bigfoot");
        Path testsChecked = Rewriter.rewrite(tests, dir.resolve("pool-tests-checked.jar"), "--mode", "bigfoot",
                "--classpath", classpath(pool, lang3, console));
        String genericObjectPool = new String(Jars.read(poolChecked).get("org/apache/commons/pool2/impl/GenericObjectPool.class"),
                StandardCharsets.ISO_8859_1);
        assertTrue(genericObjectPool.contains(RuntimeApi.SITE_BASE_FIELD), "GenericObjectPool was not rewritten");
        long rewritten = System.nanoTime();

        // as bin/dynamicbf runs it: classes not rewritten ahead of time (JUnit's, commons-lang3's) rewritten as they load
        Path report = dir.resolve("races.json");
        String staticBf = System.getProperty("bigfoot.staticbf.cli.jar");
        assertTrue(staticBf != null && Files.isRegularFile(Path.of(staticBf)), "StaticBF's CLI jar missing: " + staticBf);
        List<String> detector = List.of("-jar", ChildJvm.runtimeJar().toString(), "--load-time", staticBf, "--quiet",
                "--report", "json:" + report);
        Outcome checked = runSuite(detector, classpath(poolChecked, lang3, testsChecked), console, dir.resolve("checked"));
        long ranChecked = System.nanoTime();

        assertEquals(original.tests(), checked.tests(), "test outcomes, original vs rewritten under the detector");
        assertEquals(original.counts(), checked.counts(), "launcher summary, original vs rewritten under the detector");
        assertEquals(original.exit(), checked.exit());

        RaceReport races = RaceReport.read(report);
        assertTrue(races.summary().complete(), "the detector skipped events or switched itself off");
        Set<String> racy = races.locations();
        Set<String> unexpected = new TreeSet<>(racy);
        unexpected.removeAll(ALWAYS_RACY.keySet());
        unexpected.removeAll(SOMETIMES_RACY);
        assertEquals(Set.of(), unexpected, () -> "races not known to be real:\n" + describe(races, unexpected));
        Set<String> missed = new TreeSet<>(ALWAYS_RACY.keySet());
        missed.removeAll(racy);
        assertEquals(Set.of(), missed, "real races the detector did not report");

        System.out.printf("third-party suite (commons-pool2): %d tests found, %d successful, on both runs; races on %s;"
                        + " compile %d s, original run %d s, rewrite %d s, run under the detector %d s, total %d s%n",
                original.counts().get("tests found"), original.counts().get("tests successful"), racy,
                seconds(start, compiled), seconds(compiled, ranOriginal), seconds(ranOriginal, rewritten),
                seconds(rewritten, ranChecked), seconds(start, ranChecked));
    }

    /** Compiles the chosen test classes, and the sources they use, from the test-sources jar into a jar of classes. */
    private static Path compileTests(Path testSources, Path pool, Path lang3, Path console, Path dir) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src"));
        for (Map.Entry<String, byte[]> e : Jars.read(testSources).entrySet()) {
            if (e.getKey().endsWith(".java")) {
                Path file = src.resolve(e.getKey());
                Files.createDirectories(file.getParent());
                Files.write(file, e.getValue());
            }
        }
        List<Path> units = new ArrayList<>();
        for (String c : CLASSES) {
            units.add(src.resolve((IMPL + c).replace('.', '/') + ".java"));
        }
        units.add(src.resolve((IMPL + "TestGenericObjectPool").replace('.', '/') + ".java"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            List<String> options = List.of("-d", classes.toString(), "-sourcepath", src.toString(), "-classpath",
                    classpath(pool, lang3, console), "-implicit:class", "-g", "-proc:none", "-nowarn", "-encoding", "UTF-8");
            boolean ok = javac.getTask(diagnostics, files, null, options, null, files.getJavaFileObjectsFromPaths(units))
                    .call();
            assertTrue(ok, () -> "commons-pool2's tests do not compile:\n" + diagnostics);
        }
        return Jars.write(dir.resolve("pool-tests.jar"), Jars.packageEntries(classes, "org.apache.commons.pool2"));
    }

    /** Runs the subset with the console launcher, after {@code prefix} (nothing, or the detector's launcher). */
    private static Outcome runSuite(List<String> prefix, String classpath, Path console, Path logs) throws Exception {
        Path reports = logs.resolveSibling(logs.getFileName() + "-reports");
        List<String> args = new ArrayList<>(prefix);
        if (!prefix.isEmpty()) {
            args.addAll(ChildJvm.VM_OPTIONS); // the program's JVM gets the options the original run's JVM gets
        }
        args.addAll(List.of("-jar", console.toString(), "execute", "--disable-banner", "--disable-ansi-colors",
                "--details=summary", "--reports-dir=" + reports, "-cp", classpath));
        for (String c : CLASSES) {
            args.addAll(List.of("--select-class", IMPL + c));
        }
        for (String m : POOL_METHODS) {
            args.addAll(List.of("--select-method", IMPL + "TestGenericObjectPool#" + m));
        }
        ChildJvm.Result r = ChildJvm.run(args, logs, RUN_TIMEOUT_SECONDS);
        assertFalse(r.timedOut(), () -> logs.getFileName() + " run timed out after " + RUN_TIMEOUT_SECONDS + " s:\n"
                + r.stdout());
        Map<String, Long> counts = new TreeMap<>();
        Matcher m = SUMMARY_LINE.matcher(r.stdout());
        while (m.find()) {
            counts.put(m.group(2), Long.parseLong(m.group(1)));
        }
        assertTrue(counts.containsKey("tests found"), () -> "no summary from the launcher:\n" + r.stdout() + r.stderrTail());
        Map<String, String> tests = outcomes(reports.resolve("TEST-junit-jupiter.xml"));
        assertEquals(counts.get("tests found"), (long) tests.size(), "tests in the summary and in the XML report");
        return new Outcome(r.exit(), counts, tests);
    }

    /** Each test case of the launcher's XML report ({@code class#method()}) and its outcome. */
    private static Map<String, String> outcomes(Path xml) throws Exception {
        NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile())
                .getElementsByTagName("testcase");
        Map<String, String> outcomes = new TreeMap<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            String outcome = c.getElementsByTagName("skipped").getLength() > 0 ? "skipped"
                    : c.getElementsByTagName("failure").getLength() + c.getElementsByTagName("error").getLength() > 0
                            ? "failed" : "successful";
            outcomes.put(c.getAttribute("classname") + "#" + c.getAttribute("name"), outcome);
        }
        return outcomes;
    }

    private static String describe(RaceReport report, Set<String> locations) {
        return report.races().stream().filter(r -> locations.stream().anyMatch(r.target().certain()::contains))
                .map(r -> "  " + r.kind() + " on " + r.location() + ": " + access(r.previous()) + " / " + access(r.current()))
                .collect(Collectors.joining("\n"));
    }

    private static String access(RaceReport.Access a) {
        return a.op() + " by \"" + a.thread() + "\" at " + a.site().className() + "." + a.site().method() + "("
                + a.site().file() + ":" + a.site().line() + ")";
    }

    private static String classpath(Path... jars) {
        return java.util.Arrays.stream(jars).map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    private static long seconds(long from, long to) {
        return Math.round((to - from) / 1e9);
    }
}
