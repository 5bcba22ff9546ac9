package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;

/**
 * The race corpus end to end: the corpus jar is rewritten once by StaticBF, then every program runs
 * in its own JVM under the runtime agent, and the racy locations in its JSON report must match what its
 * {@code @ExpectRaces} declares: every declared group reported, nothing outside them (no false alarm).
 * The corpus is also rewritten with {@code --verify-placement} in every placement mode (fasttrack, redcard,
 * bigfoot) and every program run again under each: the same expectations hold, every mode reports the racy
 * locations fasttrack reports, and the precise-checks verifier finds no violation in any of them. With
 * {@code --elide escape} or {@code dynamic-escape} (partial escape, trace-precise) a program keeps every declared race but those declared as
 * following another race, and reports nothing fasttrack does not. With {@code --capsules all} every race fasttrack
 * reports on a capsule's field shows as a capsule violation of its class instead, and every other race as itself.
 */
class CorpusTest {

    /** Children run two at a time (the build machine has two cores). */
    private static final int PARALLEL_CHILDREN = 2;

    @Test
    void corpusCoversRacyAndRaceFreePrograms() {
        List<Corpus.Program> programs = Corpus.programs();
        assertTrue(programs.size() >= 40, "only " + programs.size() + " corpus programs");
        long raceFree = programs.stream().filter(p -> p.expectation().groups().isEmpty()).count();
        assertTrue(raceFree >= 15 && programs.size() - raceFree >= 15,
                raceFree + " race-free of " + programs.size());
    }

    @TestFactory
    Stream<DynamicTest> everyProgramReportsExactlyItsDeclaredRaces() throws Exception {
        return runAll(RewrittenJars.corpus(), "corpus-runs", "", p -> true);
    }

    /**
     * The default rewrite (bigfoot placement, field proxies) under footprints and adaptive array shadows: single
     * racy elements in big coarse arrays, overlapping strides and partitions keep their declared races.
     */
    @TestFactory
    Stream<DynamicTest> everyProgramReportsItsDeclaredRacesUnderBigFootWithAdaptiveArrays() throws Exception {
        // known gap, as under the verifier: a stack overflow inside a synchronisation event (here a footprint
        // commit) turns detection off, so programs that overflow their stack on purpose are left out
        return runAll(RewrittenJars.corpusBigFoot(), "corpus-runs-bigfoot-adaptive", ",arrays=adaptive",
                p -> !p.expectation().mayBeIncomplete());
    }

    /**
     * Every placement mode, rewritten with {@code --verify-placement}: each program keeps its declared races,
     * the verifier finds no violation, and every mode reports exactly the racy locations fasttrack reports.
     */
    @TestFactory
    Stream<DynamicTest> verifiedPlacementsArePreciseAndAgreeOnTheRaces() throws Exception {
        Path runs = Workspace.fresh("corpus-verify-runs");
        Map<String, Path> jars = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> v : VERIFIED.entrySet()) {
            jars.put(v.getKey(), RewrittenJars.corpusVerified(v.getKey(), v.getValue()));
        }
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL_CHILDREN);
        Map<Corpus.Program, Map<String, Future<ChildJvm.Result>>> results = new LinkedHashMap<>();
        // known gap: a stack overflow inside the placement verifier turns detection off, so programs that
        // overflow their stack on purpose are only run without the verifier
        for (Corpus.Program p : Corpus.programs().stream().filter(p -> !p.expectation().mayBeIncomplete()).toList()) {
            Map<String, Future<ChildJvm.Result>> byMode = new LinkedHashMap<>();
            jars.forEach((mode, jar) -> byMode.put(mode, pool.submit(() -> ChildJvm.run(
                    ChildJvm.instrumented(jar, p.mainClass(), report(runs, p, mode)), runs.resolve(p.simpleName() + "-" + mode)))));
            results.put(p, byMode);
        }
        pool.shutdown();
        return results.entrySet().stream().map(e -> NamedTests.of(e.getKey().simpleName(), () -> {
            Corpus.Program p = e.getKey();
            Map<String, RaceReport> reports = new LinkedHashMap<>();
            for (Map.Entry<String, Future<ChildJvm.Result>> byMode : e.getValue().entrySet()) {
                String mode = byMode.getKey();
                try {
                    reports.put(mode, check(p, byMode.getValue().get(), report(runs, p, mode), true,
                            TRACE_PRECISE.contains(mode), mode.equals(WITH_CAPSULES)));
                } catch (AssertionFailedError failure) {
                    throw new AssertionFailedError(mode + ": " + failure.getMessage(), failure);
                }
            }
            Set<String> reference = reports.get(REFERENCE).locations();
            reports.forEach((mode, report) -> {
                if (mode.equals(WITH_CAPSULES)) { // fasttrack's races, those on capsules' fields as violations
                    assertTrue(reference.containsAll(report.locations())
                                    && covered(report, reference, p.expectation()).containsAll(reference),
                            "racy locations, " + REFERENCE + " " + reference + " vs " + mode + " " + report.locations()
                                    + " and capsule violations of " + report.violatedCapsules());
                } else if (TRACE_PRECISE.contains(mode)) { // no location fasttrack does not report (check() saw the rest)
                    assertTrue(reference.containsAll(report.locations()),
                            "racy locations, " + REFERENCE + " " + reference + " vs " + mode + " " + report.locations());
                } else if (mode.equals(WITH_PROXIES)) { // trace-precise: asymmetric groups name the shadow's field for sure
                    assertTrue(reference.containsAll(report.locations()) && report.possibleLocations().containsAll(reference),
                            "racy locations, " + REFERENCE + " " + reference + " vs " + mode + " " + report.locations()
                                    + " certain, " + report.possibleLocations() + " possible");
                } else {
                    assertEquals(reference, report.locations(), "racy locations, " + REFERENCE + " vs " + mode);
                }
            });
        }));
    }

    private static final String REFERENCE = "fasttrack";
    private static final String WITH_PROXIES = "bigfoot+proxies";
    /** Every class that may be a capsule one: a race on its fields shows as a capsule violation. */
    private static final String WITH_CAPSULES = "bigfoot+capsules";
    /** The rewrites whose filters may miss a race that follows another race ({@code ExpectRaces.afterAnotherRace}). */
    private static final Set<String> TRACE_PRECISE = Set.of("fasttrack+escape", "bigfoot+escape",
            "bigfoot+dynamic-escape");
    /**
     * The verified rewrites whose runs are compared, with their staticbf options: every placement with a shadow per
     * field must report exactly fasttrack's racy locations; bigfoot with field proxies (the default) must report
     * them as the fields of its groups (the BigFoot dissertation, section 3.4).
     */
    private static final Map<String, List<String>> VERIFIED = new LinkedHashMap<>();

    static {
        VERIFIED.put(REFERENCE, List.of("--mode", "fasttrack"));
        VERIFIED.put("redcard", List.of("--mode", "redcard", "--fields", "per-field"));
        VERIFIED.put("bigfoot", List.of("--mode", "bigfoot", "--fields", "per-field"));
        VERIFIED.put(WITH_PROXIES, List.of("--mode", "bigfoot"));
        VERIFIED.put("fasttrack+escape", List.of("--mode", "fasttrack", "--elide", "escape"));
        VERIFIED.put("bigfoot+escape", List.of("--mode", "bigfoot", "--elide", "escape"));
        VERIFIED.put("bigfoot+dynamic-escape", List.of("--mode", "bigfoot", "--elide", "dynamic-escape"));
        VERIFIED.put(WITH_CAPSULES, List.of("--mode", "bigfoot", "--capsules", "all"));
    }

    private static Path report(Path runs, Corpus.Program p, String mode) {
        return runs.resolve(p.simpleName() + "-" + mode + ".json");
    }

    private static Stream<DynamicTest> runAll(Path jar, String workspace, String agentOptions,
            java.util.function.Predicate<Corpus.Program> included) throws Exception {
        Path runs = Workspace.fresh(workspace);
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL_CHILDREN);
        Map<Corpus.Program, Future<ChildJvm.Result>> results = new LinkedHashMap<>();
        for (Corpus.Program p : Corpus.programs().stream().filter(included).toList()) {
            Path report = runs.resolve(p.simpleName() + ".json");
            results.put(p, pool.submit(() -> ChildJvm.run(ChildJvm.instrumented(jar, p.mainClass(), report, agentOptions),
                    runs.resolve(p.simpleName()))));
        }
        pool.shutdown();
        return results.entrySet().stream().map(e -> NamedTests.of(e.getKey().simpleName(),
                () -> check(e.getKey(), e.getValue().get(), runs.resolve(e.getKey().simpleName() + ".json"), false, false,
                        false)));
    }

    /**
     * The locations among {@code declared} that {@code report} covers: those it reports races on, and the fields and
     * protected array elements of the capsule classes it reports violations of (a race on either is an unordered pair
     * of accesses to the capsule's location).
     */
    private static Set<String> covered(RaceReport report, Set<String> declared, Expectation expected) {
        Set<String> out = new TreeSet<>(report.possibleLocations());
        for (String location : declared) {
            String capsule = expected.capsuleOf(location);
            if (capsule != null && report.violatedCapsules().contains(capsule)) {
                out.add(location);
            }
        }
        return out;
    }

    private static String packageOf(String className) {
        return className.substring(0, Math.max(0, className.lastIndexOf('.')));
    }

    /**
     * Checks one run against the program's expectations; returns its report. A {@code tracePrecise} run may miss the
     * races declared as following another race; a {@code capsules} run reports those on capsules' fields as capsule
     * violations (and may report violations of race-free classes: not capsules, as a discovery run would find, such as
     * one whose method waits inside for another thread's call).
     */
    static RaceReport check(Corpus.Program program, ChildJvm.Result run, Path reportFile, boolean verify,
            boolean tracePrecise, boolean capsules) throws Exception {
        Expectation expected = program.expectation();
        assertFalse(run.timedOut(), () -> "timed out; stderr:\n" + run.stderrTail());
        assertEquals(expected.exitCode(), run.exit(), () -> "exit code; stderr:\n" + run.stderrTail());
        if (!Files.isRegularFile(reportFile)) {
            fail("no JSON report written; stderr:\n" + run.stderrTail());
        }
        RaceReport report = RaceReport.read(reportFile);
        // a program that may overflow its stack inside a check may get a partial verdict, but detection must go on
        boolean acceptable = report.summary().complete()
                || expected.mayBeIncomplete() && !run.stderr().contains("detection was disabled");
        assertTrue(acceptable, () -> "the runtime's verdict is incomplete; stderr:\n" + run.stderrTail());
        return checkReport(program, report, verify, tracePrecise, capsules);
    }

    /** The report-level half of {@link #check}: the races reported against those declared (also for an offline analysis). */
    static RaceReport checkReport(Corpus.Program program, RaceReport report, boolean verify, boolean tracePrecise,
            boolean capsules) {
        Expectation expected = program.expectation();
        Set<String> falseAlarms = new TreeSet<>(report.locations());
        falseAlarms.removeAll(expected.allowed());
        assertEquals(Set.of(), falseAlarms, () -> "reported races on undeclared locations; reported:\n" + describe(report));
        Set<String> reported = capsules ? covered(report, expected.allowed(), expected) : report.possibleLocations();
        assertEquals(List.of(), tracePrecise ? expected.unmetTracePrecise(reported) : expected.unmet(reported),
                () -> "declared racy locations not reported; reported:\n" + describe(report));
        for (RaceReport.CapsuleViolation v : report.capsuleViolations()) {
            assertTrue(capsules, "a capsule violation without capsules: " + v);
            for (RaceReport.Access a : List.of(v.previous(), v.current())) {
                assertEquals(packageOf(v.className()), packageOf(a.site().className()),
                        "only the capsule's package touches its fields: " + v);
                assertEquals(program.simpleName() + ".java", a.site().file(), "site file of " + v);
            }
            assertNotEquals(v.previous().thread(), v.current().thread(), "a capsule violation needs two threads: " + v);
        }
        for (RaceReport.Race race : report.races()) {
            checkRace(program, expected, race);
        }
        assertEquals(report.races().size(), report.summary().races(), "summary.races vs the races listed");
        assertTrue(report.summary().checks() > 0, "summary.checks");
        assertTrue(report.summary().threads() >= 2, "summary.threads");
        if (verify) {
            assertEquals(List.of(), report.violations(), "placement violations (the verifier must be on)");
        } else {
            assertEquals(null, report.violations(), "no verifier without --verify-placement");
        }
        return report;
    }

    /** Each race must be well formed and point into the program's own source with a real line. */
    private static void checkRace(Corpus.Program program, Expectation expected, RaceReport.Race race) {
        String what = race.kind() + " on " + race.location();
        assertTrue(RaceReport.KINDS.contains(race.kind()), "unknown kind " + what);
        if (!expected.kinds().isEmpty()) {
            assertTrue(expected.kinds().contains(race.kind()), "kind not allowed here: " + what);
        }
        String[] ops = race.kind().equals("shared-write") ? new String[] {"read", "write"} : race.kind().split("-");
        assertEquals(ops[0], race.previous().op(), "previous op of " + what);
        assertEquals(ops[1], race.current().op(), "current op of " + what);
        for (RaceReport.Access a : List.of(race.previous(), race.current())) {
            assertFalse(a.thread().isBlank(), "thread name in " + what);
            RaceReport.SiteRef s = a.site();
            assertTrue(s.className().startsWith(Corpus.PACKAGE + "."), "site class " + s + " in " + what);
            assertEquals(program.simpleName() + ".java", s.file(), "site file " + s + " in " + what);
            assertTrue(s.line() > 0, "site line " + s + " in " + what);
            assertFalse(s.method().isBlank(), "site method " + s + " in " + what);
        }
        assertNotEquals(race.previous().thread(), race.current().thread(), "a race needs two threads: " + what);
    }

    private static String describe(RaceReport report) {
        return report.races().stream().map(CorpusTest::describe).collect(Collectors.joining("\n"));
    }

    private static String describe(RaceReport.Race r) {
        return "  " + r.kind() + " " + r.location() + ": " + describe(r.previous()) + " / " + describe(r.current());
    }

    private static String describe(RaceReport.Access a) {
        RaceReport.SiteRef s = a.site();
        return a.thread() + " " + a.op() + " " + s.className() + "." + s.method() + "(" + s.file() + ":" + s.line() + ")";
    }
}
