package bigfoot.staticbf.jar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.staticbf.TestJars;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rewritten classes (and their methods' analyses) kept for re-runs: a class reused from the cache gives the bytes,
 * counts and warnings its rewriting gave, and a class whose own source changed is analysed and rewritten again.
 */
class KeptRewritesTest {

    private static final String VAULT = """
            package app;
            public class Vault extends app.store.Store {
                private long gold;
                public synchronized void put(long g) { gold += g; }
                public long gold() { return gold; }
            }
            """;
    /** Reads a field of a class that is missing from the jar: a warning given once. */
    private static final String KEEPER = """
            package app;
            public class Keeper {
                int seen;
                public Keeper() { seen = 1; } // a check of a fresh object's field (writeFresh)
                long count(Vault v) { seen = v.label; return v.label + v.gold(); }
            }
            """;
    private static final String STORE = """
            package app.store;
            public class Store { public int label; }
            """;

    @TempDir
    Path work;

    /** The program without app.store.Store, and a resource naming the jar (so no two jars are the same). */
    private Path program(String name, String vault) {
        Map<String, byte[]> entries = new TreeMap<>(TestJars.compile(work, Map.of("app/Vault.java", vault,
                "app/Keeper.java", KEEPER, "app/store/Store.java", STORE)));
        entries.remove("app/store/Store.class");
        entries.put("app/name.txt", name.getBytes(StandardCharsets.UTF_8));
        return TestJars.writeJar(work.resolve(name + "-in.jar"), entries);
    }

    /** The summary line's counts: without the output's name, the times and what the cache reused. */
    private static String counts(TestJars.Run run) {
        String line = run.out().strip();
        return line.substring(line.indexOf("): "), line.indexOf("; time:"))
                .replaceAll(" \\(\\d+ of them reused from the cache\\)", "")
                .replaceAll(", \\d+ of them reused from the cache( \\([^)]*\\))?", "")
                .replaceAll(" in [0-9.]+ s \\([0-9.]+ s/method, [0-9.]+ s of it whole-program\\)", "");
    }

    @Test
    void reusedClassesGiveTheBytesCountsAndWarningsOfTheirRewriting() throws IOException {
        String cache = work.resolve("cache").toString();
        TestJars.rewrite(work, program("first", VAULT), "first.jar", "--cache-dir", cache);
        Path second = program("second", VAULT); // new to the whole-jar cache, its classes are not
        TestJars.Run reused = TestJars.rewrite(work, second, "second-cached.jar", "--cache-dir", cache);
        TestJars.Run fresh = TestJars.rewrite(work, second, "second.jar", "--no-cache");

        assertTrue(reused.out().contains("2 classes rewritten, 0 unchanged (2 of them reused from the cache)")
                && reused.out().contains("analysis: 5 methods in ") && reused.out().contains(
                ", 5 of them reused from the cache") && reused.out().contains("checks: 4 field,"), reused.out());
        assertArrayEquals(Files.readAllBytes(work.resolve("second.jar")),
                Files.readAllBytes(work.resolve("second-cached.jar")));
        assertEquals(counts(fresh), counts(reused));
        assertTrue(fresh.err().contains("class app.store.Store not found") && fresh.err().contains(
                "cannot resolve field app.Vault.label (used in app.Keeper)"), fresh.err());
        assertEquals(fresh.err(), reused.err(), "the same warnings, once each");
    }

    @Test
    void aChangedClassIsRewrittenAndTheOthersAreReused() throws IOException {
        String cache = work.resolve("cache").toString();
        TestJars.rewrite(work, program("first", VAULT), "first.jar", "--cache-dir", cache);
        Path changed = program("changed", VAULT.replace("gold += g;", "gold += 2 * g;"));
        TestJars.Run reused = TestJars.rewrite(work, changed, "changed-cached.jar", "--cache-dir", cache);
        TestJars.Run fresh = TestJars.rewrite(work, changed, "changed.jar", "--no-cache");

        assertTrue(reused.out().contains("(1 of them reused from the cache)"), reused.out());
        assertArrayEquals(Files.readAllBytes(work.resolve("changed.jar")),
                Files.readAllBytes(work.resolve("changed-cached.jar")));
        assertEquals(counts(fresh), counts(reused));
        assertEquals(fresh.err(), reused.err());
    }

    private static final String POINT = """
            package app;
            public class Point {
                int x, y;
                void move(int d) { x += d; y += d; }
                void shift(int d) { x -= d; y -= d; }
            }
            """;

    /** The runs of {@link #edited}: the first one, and the edited program's without the cache. */
    private record Edited(TestJars.Run first, TestJars.Run fresh) {
    }

    /**
     * Rewrites the program of {@code sources} with a cache, then the program of {@code edited} with that cache and
     * without one, and checks that both give the same bytes, counts and warnings.
     */
    private Edited edited(Map<String, String> sources, Map<String, String> edited) throws IOException {
        String cache = work.resolve("cache").toString();
        Path first = TestJars.writeJar(work.resolve("first-in.jar"), TestJars.compile(work, sources));
        TestJars.Run firstRun = TestJars.rewrite(work, first, "first.jar", "--cache-dir", cache);
        Path changed = TestJars.writeJar(work.resolve("edited-in.jar"), TestJars.compile(work, edited));
        TestJars.Run reused = TestJars.rewrite(work, changed, "edited-cached.jar", "--cache-dir", cache);
        TestJars.Run fresh = TestJars.rewrite(work, changed, "edited.jar", "--no-cache");
        assertArrayEquals(Files.readAllBytes(work.resolve("edited.jar")),
                Files.readAllBytes(work.resolve("edited-cached.jar")));
        assertEquals(counts(fresh), counts(reused));
        assertEquals(fresh.err(), reused.err());
        return new Edited(firstRun, fresh);
    }

    /**
     * The edited class is rewritten ahead under the last run's proxy groups; here the edit splits the only group (x
     * and y are no longer checked at the same points), so that rewriting is dropped and the class rewritten under the
     * new groups: the bytes of a run without the cache.
     */
    @Test
    void anEditThatChangesTheProxyGroupsRewritesTheClassUnderTheNewOnes() throws IOException {
        Edited runs = edited(Map.of("app/Point.java", POINT), Map.of("app/Point.java",
                POINT.replace("x += d; y += d;", "x += d;").replace("x -= d; y -= d;", "y -= d;")));

        assertTrue(runs.first().out().contains("2 fields share 1 proxy shadows"), runs.first().out());
        assertTrue(runs.fresh().out().contains("0 fields share 0 proxy shadows"), runs.fresh().out());
    }

    private static final String MOVER = """
            package app;
            public class Mover {
                void push(Point p, int d) { p.x += d; p.y += d; }
            }
            """;

    /**
     * A re-run takes the last run's proxy groups only if every class's fit is the one they were found from. Here the
     * edit of {@code Mover} changes {@code Point}'s group (x is checked where y is no longer: asymmetric) though
     * {@code Point} did not change: the groups are found again from {@code Mover}'s new fit and {@code Point}'s kept
     * one, and {@code Point}, whose entry holds its rewriting under the old groups, is rewritten under the new ones.
     */
    @Test
    void anEditOfOneClassThatChangesAnothersGroupFindsTheGroupsFromTheKeptFits() throws IOException {
        Edited runs = edited(Map.of("app/Point.java", POINT, "app/Mover.java", MOVER), Map.of("app/Point.java", POINT,
                "app/Mover.java", MOVER.replace("p.x += d; p.y += d;", "p.x += d;")));

        assertTrue(runs.first().out().contains("2 fields share 1 proxy shadows (0 asymmetric)"), runs.first().out());
        assertTrue(runs.fresh().out().contains("2 fields share 1 proxy shadows (1 asymmetric)"), runs.fresh().out());
    }
}
