package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.RuntimeApi;
import bigfoot.rt.report.Race;
import bigfoot.rt.report.Suppressions;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which races a set of rules suppresses, and the rules the rewriter leaves on the class path. */
class SuppressionsTest {

    /** A race on the shadow that fields x, y and z of demo.Point share (a symmetric proxy group). */
    private static Race groupRace() throws InterruptedException {
        Engine e = new Engine(Config.DEFAULT);
        int site = e.sites.register("demo.Point\tPoint.java\nmove\t3\t14\tw\tdemo.Point.x/y/z");
        ThreadState main = e.threads.current();
        VarState shadow = new VarState();
        Workers.forkAndRun(e.threads, main, "a", ts -> e.detector.write(ts, shadow, site));
        Workers.forkAndRun(e.threads, main, "b", ts -> e.detector.write(ts, shadow, site));
        List<Race> races = e.races();
        assertEquals(1, races.size());
        return races.get(0);
    }

    private static Suppressions rules(Path dir, String text) throws Exception {
        Path file = dir.resolve("rules-" + text.hashCode() + ".txt");
        Files.writeString(file, text);
        return Suppressions.read(file);
    }

    @Test
    void aRaceOnFieldsSharingAShadowIsSuppressedOnlyWhenEveryOneOfThemIs(@TempDir Path dir) throws Exception {
        Race race = groupRace();
        assertFalse(rules(dir, "field demo.Point.x\nfield demo.Point.y\n").suppresses(race), "z raced too");
        assertTrue(rules(dir, "field demo.Point.x\nfield demo.Point.y\nfield demo.Point.z\n").suppresses(race));
        assertTrue(rules(dir, "field demo.Point.*\n").suppresses(race));
        assertTrue(rules(dir, "method demo.Point.move\n").suppresses(race), "a method rule is about the access");
    }

    @Test
    void theRewritersIntendedRacesAreReadFromEveryJarOrDirectoryOnTheClassPath(@TempDir Path dir) throws Exception {
        for (String part : List.of("a", "b")) {
            Path resource = dir.resolve(part).resolve(RuntimeApi.INTENDED_RACES_RESOURCE);
            Files.createDirectories(resource.getParent());
            Files.writeString(resource, "# from " + part + "\nfield demo.Point." + (part.equals("a") ? "x\nfield demo.Point.y" : "z")
                    + "  # a reason\n");
        }
        URL[] path = {dir.resolve("a").toUri().toURL(), dir.resolve("b").toUri().toURL()};
        try (URLClassLoader loader = new URLClassLoader(path, null)) {
            assertTrue(Suppressions.onClassPath(loader, RuntimeApi.INTENDED_RACES_RESOURCE).suppresses(groupRace()));
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {path[0]}, null)) {
            assertFalse(Suppressions.onClassPath(loader, RuntimeApi.INTENDED_RACES_RESOURCE).suppresses(groupRace()));
        }
    }
}
