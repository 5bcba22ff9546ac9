package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.CapsuleFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The capsule workflow a user follows (the BigFoot dissertation, section 5.3): rewrite with {@code --capsules all},
 * run with {@code dynamicbf --find-capsules FILE} (each run merged into FILE), rewrite with {@code --capsules FILE}, and
 * run: the capsules found are rewritten as capsules and show no violation; a class that showed one is checked as
 * before.
 */
class CapsuleDiscoveryTest {

    private static final List<String> PROGRAMS = List.of("CapsuleVectorLike", "CapsuleListShared", "CapsuleLeakedArray");
    private static Path dir;
    private static Path in;
    private static Path capsules;

    @BeforeAll
    static void discover() throws Exception {
        dir = Workspace.fresh("capsule-discovery");
        in = Jars.write(dir.resolve("corpus.jar"), Jars.packageEntries(MainClasses.testClasses(), Corpus.PACKAGE));
        Path all = Rewriter.rewrite(in, dir.resolve("corpus-capsules-all.jar"), "--capsules", "all");
        capsules = dir.resolve("capsules.txt");
        for (String program : PROGRAMS) {
            ChildJvm.Result run = ChildJvm.run(ChildJvm.instrumented(all, "corpus." + program,
                    dir.resolve(program + "-discovery.json"), ",find-capsules=" + capsules), dir.resolve(program + "-discovery"));
            assertEquals(0, run.exit(), run::stderrTail);
            assertTrue(run.stderr().contains("capsule discovery: "), run::stderrTail);
        }
    }

    private static RaceReport run(Path jar, String program, String tag) throws Exception {
        Path report = dir.resolve(program + "-" + tag + ".json");
        ChildJvm.Result run = ChildJvm.run(ChildJvm.instrumented(jar, "corpus." + program, report),
                dir.resolve(program + "-" + tag));
        assertEquals(0, run.exit(), run::stderrTail);
        return RaceReport.read(report);
    }

    @Test
    void discoveryKeepsTheOrderedCapsulesAndRejectsTheOneSharedWithoutSynchronisation() throws IOException {
        CapsuleFile found = CapsuleFile.read(capsules);
        assertTrue(found.capsules().containsAll(Set.of("corpus.CapsuleVectorLike$IntVector",
                "corpus.CapsuleLeakedArray$Histogram")), found::toString);
        assertEquals(Set.of("corpus.CapsuleListShared$IntList"), found.rejected());
    }

    @Test
    void withTheDiscoveredCapsulesTheRacesStayAndTheirFieldsAreLeftToThem() throws Exception {
        Path withCapsules = Rewriter.rewrite(in, dir.resolve("corpus-capsules.jar"), "--capsules", capsules.toString());
        Path plain = Rewriter.rewrite(in, dir.resolve("corpus-plain.jar"));

        RaceReport vector = run(withCapsules, "CapsuleVectorLike", "capsules");
        assertEquals(List.of(), vector.races());
        assertEquals(List.of(), vector.capsuleViolations());
        String metadata = new String(Jars.read(withCapsules).get("META-INF/bigfoot/instrumented.properties"),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(metadata.contains("\ncapsules.classes=2\n"), metadata);
        assertEquals(List.of(), run(plain, "CapsuleVectorLike", "plain").races());

        RaceReport list = run(withCapsules, "CapsuleListShared", "capsules");
        assertEquals(Set.of("corpus.CapsuleListShared$IntList.size", "corpus.CapsuleListShared$IntList.sum"),
                list.locations(), "a rejected class is checked field by field again");
        assertEquals(List.of(), list.capsuleViolations());

        RaceReport leaked = run(withCapsules, "CapsuleLeakedArray", "capsules");
        assertEquals(Set.of("int[0]"), leaked.locations(), "the leaked array's elements are still checked");
        assertEquals(List.of(), leaked.capsuleViolations());
    }

    @Test
    void underAllCapsulesTheUnsynchronisedListIsOneViolationNamingBothActivations() throws Exception {
        Path all = dir.resolve("corpus-capsules-all.jar");
        Path sarif = dir.resolve("list-all.sarif");
        Path html = dir.resolve("list-all.html");
        Path json = dir.resolve("CapsuleListShared-all.json");
        ChildJvm.Result run = ChildJvm.run(ChildJvm.instrumented(all, "corpus.CapsuleListShared", json,
                ",report=sarif:" + sarif + ",report=html:" + html), dir.resolve("CapsuleListShared-all"));
        assertEquals(0, run.exit(), run::stderrTail);
        String sarifText = Files.readString(sarif);
        assertTrue(sarifText.contains("\"ruleId\":\"capsule-violation\"") && sarifText.contains("CapsuleListShared.java"),
                sarifText);
        assertTrue(Files.readString(html).contains("<h2>Capsule violations</h2>"));
        RaceReport list = RaceReport.read(json);
        assertEquals(Set.of(), list.locations(), "its fields have no checks, their races show as the violation");
        assertEquals(Set.of("corpus.CapsuleListShared$IntList"), list.violatedCapsules());
        RaceReport.CapsuleViolation v = list.capsuleViolations().get(0);
        for (RaceReport.Access a : List.of(v.previous(), v.current())) {
            assertEquals("add", a.site().method(), v::toString);
            assertEquals("CapsuleListShared.java", a.site().file(), v::toString);
        }
        assertTrue(!v.previous().thread().equals(v.current().thread()), v::toString);
    }
}
