package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.RuntimeApi;
import bigfoot.rt.Launcher;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;

/**
 * The race corpus run once each with {@code record=FILE.gz} (the fasttrack rewrite: a check per access) and the recorded
 * trace analysed offline ({@code dynamicbf --analyze TRACE --tool NAME --report json:FILE}, suppressing the races the
 * jar declares intended, as the run does) by every tool: each happens-before tool's report meets the program's declared
 * races exactly as the live run's does and names exactly the racy locations offline FastTrack2 names on the same
 * trace, offline FastTrack2 reports every racy location the live run reported, and the empty tool reports nothing. SHB reports nothing undeclared, and a race if the program has one: it reports the first
 * race and later ones only if some schedule can make them race (a read is ordered after the write it saw: on the SHB
 * paper's Fig. 1, {@code ShbSpuriousRace}, it reports y and not x). Eraser
 * warns where no lock guards a variable: it misses races no later write reveals, warns on programs ordered otherwise,
 * and which of its warnings a run gets depends on the schedule; its false alarms on {@link #ERASER_FALSE_ALARMS}, whose
 * accesses only forks and joins, a barrier or volatile hand-offs order, are checked.
 */
class RecordedRunsTest {

    private static final List<String> HAPPENS_BEFORE = List.of("ft2", "ft1", "djit", "basicvc", "goldilocks");
    /** Race-free programs where Eraser warns whatever the schedule: no lock orders their shared accesses. */
    private static final Set<String> ERASER_FALSE_ALARMS = Set.of("StartJoinOrdering", "NestedForkJoin",
            "BarrierPhases", "TokenRing");

    @TestFactory
    Stream<DynamicTest> everyPreciseToolFindsTheDeclaredRacesInTheRecordedRun() throws Exception {
        Path jar = RewrittenJars.corpus();
        Path runs = Workspace.fresh("corpus-recorded-runs");
        Path intended = intendedRaces(jar, runs);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<Corpus.Program, Future<ChildJvm.Result>> results = new LinkedHashMap<>();
        for (Corpus.Program p : Corpus.programs().stream().filter(p -> !p.expectation().mayBeIncomplete()).toList()) {
            results.put(p, pool.submit(() -> ChildJvm.run(ChildJvm.instrumented(jar, p.mainClass(), live(runs, p),
                    ",record=" + trace(runs, p)), runs.resolve(p.simpleName()))));
        }
        pool.shutdown();
        return results.entrySet().stream().map(e -> NamedTests.of(e.getKey().simpleName(), () -> {
            Corpus.Program p = e.getKey();
            RaceReport live = CorpusTest.check(p, e.getValue().get(), live(runs, p), false, false, false);
            assertTrue(Files.size(trace(runs, p)) > 0, "nothing recorded");
            Set<String> ft2 = Set.of();
            for (String tool : HAPPENS_BEFORE) {
                RaceReport offline = analyse(runs, p, tool, intended);
                try {
                    CorpusTest.checkReport(p, offline, false, false, false);
                } catch (AssertionFailedError failure) {
                    throw new AssertionFailedError(tool + " offline: " + failure.getMessage(), failure);
                }
                if (tool.equals("ft2")) {
                    Set<String> missed = new TreeSet<>(live.locations());
                    missed.removeAll(offline.locations());
                    assertEquals(Set.of(), missed, "racy locations of the live run that offline ft2 did not report");
                    ft2 = offline.locations();
                } else {
                    assertEquals(ft2, offline.locations(), tool + ": offline ft2's racy locations on the same trace");
                }
            }
            RaceReport shb = analyse(runs, p, "shb", intended);
            Set<String> undeclared = new TreeSet<>(shb.locations());
            undeclared.removeAll(p.expectation().allowed());
            assertEquals(Set.of(), undeclared, "shb: races on undeclared locations");
            assertEquals(p.expectation().groups().isEmpty(), shb.races().isEmpty(), "shb: a race if there is one");
            if (p.simpleName().equals("ShbSpuriousRace")) { // ft2 reported x and y (checkReport), SHB only y
                assertEquals(Set.of("corpus.ShbSpuriousRace.y"), shb.locations(), "shb on the SHB paper's Fig. 1");
            }
            assertEquals(List.of(), analyse(runs, p, "empty", intended).races(), "the empty tool");
            RaceReport eraser = analyse(runs, p, "eraser", intended);
            if (ERASER_FALSE_ALARMS.contains(p.simpleName())) {
                assertTrue(p.expectation().groups().isEmpty() && !eraser.races().isEmpty(), "eraser's false alarm");
            }
        }));
    }

    private static Path live(Path runs, Corpus.Program p) {
        return runs.resolve(p.simpleName() + ".json");
    }

    private static Path trace(Path runs, Corpus.Program p) {
        return runs.resolve(p.simpleName() + ".std.gz");
    }

    /** The races the rewritten jar declares intended (its suppressions file), copied into {@code dir}. */
    private static Path intendedRaces(Path jar, Path dir) throws Exception {
        try (JarFile j = new JarFile(jar.toFile())) {
            JarEntry e = j.getJarEntry(RuntimeApi.INTENDED_RACES_RESOURCE);
            assertTrue(e != null, "the corpus declares intended races");
            Path file = dir.resolve("intended-races.txt");
            Files.write(file, j.getInputStream(e).readAllBytes());
            return file;
        }
    }

    /** The report of {@code tool} on the program's recorded trace (the analysis runs in this JVM). */
    private static RaceReport analyse(Path runs, Corpus.Program p, String tool, Path suppressions) throws Exception {
        Path report = runs.resolve(p.simpleName() + "-" + tool + ".json");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = Launcher.analyze(new String[] {"--analyze", trace(runs, p).toString(), "--tool", tool, "--report",
                "json:" + report, "--suppress", suppressions.toString()}, new PrintStream(out, true,
                StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(0, status, () -> tool + ": " + out.toString(StandardCharsets.UTF_8));
        Files.writeString(runs.resolve(p.simpleName() + "-" + tool + ".txt"), out.toString(StandardCharsets.UTF_8));
        return RaceReport.read(report);
    }
}
