package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Java 21's thread APIs, in a program compiled for release 21 by a JDK 21 or later found under /usr/lib/jvm (skipped
 * without one), rewritten, and run on that JDK under the runtime: {@code Thread.Builder.start} and
 * {@code Thread.startVirtualThread} are forks (and so is the start of a thread a builder's factory made), so what main
 * wrote before them does not race with the threads' reads;
 * two such threads still race with each other, and the report names them (an unnamed virtual thread as
 * {@code virtual#id}) and says where main started each.
 */
class Java21ThreadApisTest {

    private static final String SOURCE = """
            public class BuilderStarts {
                static int before1;
                static int before2;
                static int before3;
                static int before4;
                static int racy;

                public static void main(String[] args) throws Exception {
                    before1 = 1;
                    Thread a = Thread.ofVirtual().start(() -> racy = before1);
                    before2 = 2;
                    Thread b = Thread.ofPlatform().name("platform").start(() -> racy = before2);
                    before3 = 3;
                    Thread c = Thread.startVirtualThread(() -> System.out.println("c " + before3));
                    before4 = 4;
                    Thread d = Thread.ofVirtual().factory().newThread(() -> System.out.println("d " + before4));
                    d.start();
                    d.join();
                    a.join();
                    b.join();
                    c.join();
                    System.out.println("racy " + (racy > 0));
                }
            }
            """;

    @Test
    void builderStartsAreForksAndTheirThreadsRaceWithEachOther() throws Exception {
        Optional<Path> jdk = Jdks.newestFrom(21);
        assumeTrue(jdk.isPresent(), "no JDK 21 or later under /usr/lib/jvm");
        Path dir = Workspace.fresh("java21-threads");
        Path source = Files.writeString(dir.resolve("BuilderStarts.java"), SOURCE);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Process javac = new ProcessBuilder(jdk.get().resolve("bin/javac").toString(), "--release", "21", "-d",
                classes.toString(), source.toString()).redirectErrorStream(true).start();
        String javacOut = new String(javac.getInputStream().readAllBytes());
        assertEquals(0, javac.waitFor(), javacOut);
        Path app = Jars.write(dir.resolve("app.jar"),
                Map.of("BuilderStarts.class", Files.readAllBytes(classes.resolve("BuilderStarts.class"))));
        Path checked = Rewriter.rewrite(app, dir.resolve("app-checked.jar"), "--mode", "bigfoot");
        Path report = dir.resolve("report.json");
        ChildJvm.Result run = ChildJvm.run(jdk.get().resolve("bin/java"),
                ChildJvm.instrumented(checked, "BuilderStarts", report), dir.resolve("run"));
        assertEquals(0, run.exit(), run::stderrTail);
        assertTrue(run.stdout().contains("c 3") && run.stdout().contains("d 4") && run.stdout().contains("racy true"),
                run.stdout());
        RaceReport r = RaceReport.read(report);
        assertEquals(Set.of("BuilderStarts.racy"), r.locations(), "only the two started threads race");
        RaceReport.Race race = r.races().get(0);
        Set<String> names = Set.of(race.previous().thread(), race.current().thread());
        assertTrue(names.contains("platform") && names.stream().anyMatch(n -> n.matches("virtual#\\d+")), names.toString());
        for (RaceReport.Access a : List.of(race.previous(), race.current())) {
            assertTrue(a.started() != null && a.started().startsWith("by \"main\" at BuilderStarts.main(BuilderStarts.java:"),
                    a.thread() + " started " + a.started());
        }
    }
}
