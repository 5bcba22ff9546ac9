package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A race report names both threads as the program named them and says where each was started, whether a thread
 * took a fresh tid or one an earlier, joined thread left (the report must not name the tid's earlier owner).
 */
class ThreadNamesUnderReuseTest {

    @Test
    void aRaceOnAReusedTidNamesItsCurrentOwner() throws Exception {
        RaceReport.Race race = onlyRace("ReuseNamesRace");
        assertEquals("corpus.ReuseNamesRace.y", race.location());
        assertEquals(Set.of("b", "c"), Set.of(race.previous().thread(), race.current().thread()));
        assertStartedByMain(race, "ReuseNamesRace");
    }

    @Test
    void aDeadUnjoinedThreadAndTheNextOneAreBothNamed() throws Exception {
        RaceReport.Race race = onlyRace("DeadThreadTidRace");
        assertEquals(Set.of("first", "second"), Set.of(race.previous().thread(), race.current().thread()));
        assertStartedByMain(race, "DeadThreadTidRace");
    }

    private static void assertStartedByMain(RaceReport.Race race, String program) {
        for (RaceReport.Access a : new RaceReport.Access[] {race.previous(), race.current()}) {
            assertTrue(a.started() != null && a.started().startsWith("by \"main\" at corpus." + program + ".main("),
                    a.thread() + " started " + a.started());
        }
    }

    private static RaceReport.Race onlyRace(String program) throws Exception {
        Path dir = Workspace.fresh("names-" + program);
        Path report = dir.resolve("report.json");
        ChildJvm.Result run = ChildJvm.run(ChildJvm.instrumented(RewrittenJars.corpus(), "corpus." + program, report),
                dir.resolve("run"));
        assertEquals(0, run.exit(), run::stderrTail);
        RaceReport r = RaceReport.read(report);
        assertEquals(1, r.races().size(), () -> "races: " + r.races());
        return r.races().get(0);
    }
}
