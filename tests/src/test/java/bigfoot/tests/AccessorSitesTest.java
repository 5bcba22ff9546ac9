package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Code compiled for Java 8 reaches an outer class's private fields through synthetic accessors
 * ({@code access$008}); a race on such a field is reported at the lines of the inner class that use it, in its
 * methods, not at the accessor (the outer class's declaration line), under every placement.
 */
class AccessorSitesTest {

    private static final String SOURCE = """
            public class Outer {
                private int hits;
                private static long total;

                class Worker implements Runnable {
                    public void run() {
                        for (int i = 0; i < 1000; i++) {
                            hits++;
                            total += hits;
                        }
                    }
                }

                public static void main(String[] args) throws Exception {
                    Outer o = new Outer();
                    Thread a = new Thread(o.new Worker());
                    Thread b = new Thread(o.new Worker());
                    a.start();
                    b.start();
                    a.join();
                    b.join();
                    System.out.println("done " + (o.hits > 0) + " " + (total > 0));
                }
            }
            """;

    @Test
    void racesThroughAccessorsAreReportedAtTheCallersLines() throws Exception {
        Path dir = Workspace.fresh("accessor-sites");
        Path source = Files.writeString(dir.resolve("Outer.java"), SOURCE);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        int javac = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "--release", "8", "-g", "-d", classes.toString(), source.toString());
        assertEquals(0, javac);
        assertTrue(Files.readString(classes.resolve("Outer.class"), java.nio.charset.StandardCharsets.ISO_8859_1)
                .contains("access$"), "javac wrote no accessor: the test would not test anything");
        Path app = Jars.write(dir.resolve("app.jar"), Map.of(
                "Outer.class", Files.readAllBytes(classes.resolve("Outer.class")),
                "Outer$Worker.class", Files.readAllBytes(classes.resolve("Outer$Worker.class"))));
        for (String mode : List.of("bigfoot", "fasttrack")) {
            Path checked = Rewriter.rewrite(app, dir.resolve("app-" + mode + ".jar"), "--mode", mode);
            Path report = dir.resolve("report-" + mode + ".json");
            ChildJvm.Result run = ChildJvm.run(ChildJvm.instrumented(checked, "Outer", report), dir.resolve("run-" + mode));
            assertEquals(0, run.exit(), run::stderrTail);
            assertTrue(run.stdout().contains("done true true"), run.stdout());
            RaceReport r = RaceReport.read(report);
            assertEquals(Set.of("Outer.hits", "Outer.total"), r.locations(), mode);
            Set<String> sites = new TreeSet<>();
            for (RaceReport.Race race : r.races()) {
                for (RaceReport.Access a : List.of(race.previous(), race.current())) {
                    sites.add(a.site().className() + "." + a.site().method() + ":" + a.site().line());
                }
            }
            // hits++ is line 8, total += hits line 9: both in Worker.run, never the accessors of Outer (line 1)
            assertTrue(Set.of("Outer$Worker.run:8", "Outer$Worker.run:9").containsAll(sites), mode + ": " + sites);
        }
    }
}
