package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A class left out of the rewritten jar runs unchecked, unless the runtime agent rewrites it as it loads
 * ({@code load-time=} StaticBF's CLI jar): then its race is found.
 */
class LoadTimeTest {

    private static Path runs;
    private static String classpath;
    private static Path generatedJar;

    @BeforeAll
    static void rewriteAllButTally() throws Exception {
        runs = Workspace.fresh("load-time");
        Map<String, byte[]> all = Jars.packageEntries(MainClasses.testClasses(), "loadtime");
        Map<String, byte[]> tally = Map.of("loadtime/Tally.class", all.get("loadtime/Tally.class"));
        Map<String, byte[]> rest = new java.util.HashMap<>(all);
        rest.remove("loadtime/Tally.class");
        Map<String, byte[]> generated = new java.util.HashMap<>(rest);
        generated.put("loadtime/Generated.bin", generated.remove("loadtime/Generated.class"));
        generatedJar = Rewriter.rewrite(Jars.write(runs.resolve("generated.jar"), generated),
                runs.resolve("generated-checked.jar"));
        rest.remove("loadtime/Generated.class");
        Path tallyJar = Jars.write(runs.resolve("tally.jar"), tally);
        Path main = Rewriter.rewrite(Jars.write(runs.resolve("main.jar"), rest), runs.resolve("main-checked.jar"),
                "--classpath", tallyJar.toString());
        classpath = main + java.io.File.pathSeparator + tallyJar;
    }

    private static Set<String> racesWith(String extraOptions, String name) throws Exception {
        Path report = runs.resolve(name + ".json");
        ChildJvm.Result run = ChildJvm.run(List.of("-javaagent:" + ChildJvm.runtimeJar() + "=quiet,report=json:" + report
                + extraOptions, "-cp", classpath, "loadtime.TwoWriters"), runs.resolve(name));
        assertEquals(0, run.exit(), run::stderrTail);
        assertEquals("done\n", run.stdout());
        return RaceReport.read(report).locations();
    }

    @Test
    void aClassLeftOutRunsUncheckedWithoutLoadTimeRewriting() throws Exception {
        assertEquals(Set.of(), racesWith("", "ahead-of-time-only"));
    }

    /**
     * A class defined from bytes, with no class file its loader could find (a generated proxy): its own fields resolve
     * (no warning that they cannot, nor that the class is missing), and its race is found.
     */
    @Test
    void aClassDefinedFromBytesIsRewrittenWithItsOwnFields() throws Exception {
        Path report = runs.resolve("generated.json");
        ChildJvm.Result run = ChildJvm.run(List.of("-javaagent:" + ChildJvm.runtimeJar() + "=report=json:" + report
                + ",load-time=" + System.getProperty("bigfoot.staticbf.cli.jar"), "-cp", generatedJar.toString(),
                "loadtime.DefinesAtRuntime"), runs.resolve("generated"));
        assertEquals(0, run.exit(), run::stderrTail);
        assertEquals("done\n", run.stdout());
        assertEquals(Set.of("loadtime.Generated.count"), RaceReport.read(report).locations());
        assertFalse(run.stderr().contains("cannot resolve") || run.stderr().contains("not found"), run::stderrTail);
    }

    @Test
    void loadTimeRewritingFindsTheRaceInTheClassLeftOut() throws Exception {
        assertEquals(Set.of("loadtime.Tally.count"),
                racesWith(",load-time=" + System.getProperty("bigfoot.staticbf.cli.jar"), "load-time"));
    }
}
