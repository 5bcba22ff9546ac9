package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;

/**
 * The other detectors live ({@code tool=NAME}): corpus programs that between them use every kind of synchronisation
 * event (monitors, re-entrancy and wait, volatiles, forks and joins, barriers, class initialisation, java.util.concurrent
 * hand-offs, executors) and of location (fields, statics, array elements and ranges) run under each tool. Every
 * happens-before tool reports exactly the program's declared races, as FastTrack2 does; SHB nothing undeclared and a
 * race where there is one; the empty tool nothing. (Every program is analysed by every tool offline in
 * {@link RecordedRunsTest}.)
 */
class LiveToolsTest {

    private static final Set<String> PROGRAMS = Set.of("UnsyncCounter", "SyncBlockCounter", "ReentrantSync",
            "WaitNotifyHandoff", "VolatilePublication", "VolatileOnlyRaceFree", "NestedForkJoin", "BarrierPhases",
            "BarrierRace", "StaticInitRaceFree", "RacyStatic", "JucLocks", "JucExecutors", "ArrayPartition",
            "StrideOverlap", "SharedWriteRace", "UnsyncPublication", "TokenRing", "ShbSpuriousRace");
    private static final List<String> TOOLS = List.of("ft1", "djit", "basicvc", "goldilocks", "shb", "empty");

    @TestFactory
    Stream<DynamicTest> theOtherDetectorsReportTheDeclaredRacesLive() throws Exception {
        List<Corpus.Program> programs = Corpus.programs().stream().filter(p -> PROGRAMS.contains(p.simpleName())).toList();
        assertEquals(PROGRAMS.size(), programs.size(), "programs found");
        Path jar = RewrittenJars.corpus();
        Path runs = Workspace.fresh("corpus-live-tools");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<String, Future<ChildJvm.Result>> results = new LinkedHashMap<>();
        for (Corpus.Program p : programs) {
            for (String tool : TOOLS) {
                results.put(p.simpleName() + " " + tool, pool.submit(() -> ChildJvm.run(ChildJvm.instrumented(jar,
                        p.mainClass(), report(runs, p, tool), ",tool=" + tool), runs.resolve(p.simpleName() + "-" + tool))));
            }
        }
        pool.shutdown();
        return programs.stream().map(p -> NamedTests.of(p.simpleName(), () -> {
            for (String tool : TOOLS) {
                ChildJvm.Result run = results.get(p.simpleName() + " " + tool).get();
                try {
                    if (tool.equals("shb") || tool.equals("empty")) {
                        RaceReport report = RaceReport.read(report(runs, p, tool));
                        Set<String> undeclared = new TreeSet<>(report.locations());
                        undeclared.removeAll(p.expectation().allowed());
                        assertEquals(Set.of(), undeclared, "races on undeclared locations");
                        assertEquals(tool.equals("empty") || p.expectation().groups().isEmpty(), report.races().isEmpty(),
                                "a race if there is one (none from the empty tool)");
                        assertEquals(p.expectation().exitCode(), run.exit(), () -> "exit code; stderr:\n" + run.stderrTail());
                        if (tool.equals("shb") && p.simpleName().equals("ShbSpuriousRace")) {
                            assertEquals(Set.of("corpus.ShbSpuriousRace.y"), report.locations(), "the SHB paper's Fig. 1");
                        }
                    } else {
                        CorpusTest.check(p, run, report(runs, p, tool), false, false, false);
                    }
                } catch (AssertionFailedError failure) {
                    throw new AssertionFailedError(tool + ": " + failure.getMessage(), failure);
                }
            }
        }));
    }

    private static Path report(Path runs, Corpus.Program p, String tool) {
        return runs.resolve(p.simpleName() + "-" + tool + ".json");
    }
}
