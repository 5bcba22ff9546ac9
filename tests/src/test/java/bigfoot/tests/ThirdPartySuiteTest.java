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
 * {@code bin/dynamicbf} launches a program. The rewritten suite passes exactly the tests the original passes, with
 * checks made, and no race is reported: not on the pool's state, which its monitors, locks and conditions, atomics,
 * concurrent maps and executor order, nor on the tests' fields their threads' starts and joins order.
 */
class ThirdPartySuiteTest {

    private static final String IMPL = "org.apache.commons.pool2.impl.";

    /**
     * The subset, chosen so that no test sleeps or waits on a clock (most of commons-pool2's concurrent tests sleep for
     * hundreds of milliseconds to seconds, and what they assert then depends on the schedule), as class#method:
     * borrow against evict (5,000 pairs of threads started and joined, on a pool of one object); five threads
     * borrowing concurrently from an exhausted pool whose objects are all abandoned, each borrow running the abandoned
     * sweep (plain and keyed pools). Plus {@link #CLASSES}.
     */
    private static final List<String> METHODS = List.of("TestGenericObjectPool#testConcurrentBorrowAndEvict",
            "TestAbandonedObjectPool#testConcurrentInvalidation", "TestAbandonedKeyedObjectPool#testConcurrentInvalidation");

    /** Whole test classes: the evictor's scheduled executor started and stopped (no test of it sleeps). */
    private static final List<String> CLASSES = List.of("TestEvictionTimer");

    /** Each run takes a few seconds on 2 cores; the bound is for a detector that hangs. */
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
        for (String m : METHODS) {
            assertEquals("successful", original.tests().get(IMPL + m + "()"), m);
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
        assertTrue(races.summary().checks() > 0, "no check was made");
        Set<String> racy = races.locations();
        assertEquals(Set.of(), racy, () -> "races reported:\n" + describe(races, racy));

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
        Set<String> testClasses = new TreeSet<>(CLASSES);
        METHODS.forEach(m -> testClasses.add(m.substring(0, m.indexOf('#'))));
        List<Path> units = new ArrayList<>();
        for (String c : testClasses) {
            units.add(src.resolve((IMPL + c).replace('.', '/') + ".java"));
        }
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
        for (String m : METHODS) {
            args.addAll(List.of("--select-method", IMPL + m));
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
