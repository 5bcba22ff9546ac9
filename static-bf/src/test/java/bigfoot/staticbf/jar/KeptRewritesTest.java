package bigfoot.staticbf.jar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.staticbf.TestJars;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rewritten classes kept for re-runs: a class reused from the cache gives the bytes, counts and warnings its rewriting
 * gave, and a class whose own source changed is rewritten again.
 */
class KeptRewritesTest {

    private static final String ACCOUNT = """
            package app;
            public class Account extends app.base.Base {
                private int balance;
                public synchronized void deposit(int n) { balance += n; }
                public int balance() { return balance; }
            }
            """;
    /** Reads a field of a class that is missing from the jar: a warning given once. */
    private static final String TELLER = """
            package app;
            public class Teller {
                int last;
                int idOf(Account a) { last = a.id; return a.id + a.balance(); }
            }
            """;
    private static final String BASE = """
            package app.base;
            public class Base { public int id; }
            """;

    @TempDir
    Path work;

    /** The program without app.base.Base, and a resource naming the jar (so no two jars are the same). */
    private Path program(String name, String account) {
        Map<String, byte[]> entries = new TreeMap<>(TestJars.compile(work, Map.of("app/Account.java", account,
                "app/Teller.java", TELLER, "app/base/Base.java", BASE)));
        entries.remove("app/base/Base.class");
        entries.put("app/name.txt", name.getBytes(StandardCharsets.UTF_8));
        return TestJars.writeJar(work.resolve(name + "-in.jar"), entries);
    }

    private TestJars.Run staticbf(Path in, String out, String... more) {
        List<String> args = new ArrayList<>(List.of("--in", in.toString(), "--out", work.resolve(out).toString(),
                "--mode", "fasttrack"));
        args.addAll(List.of(more));
        TestJars.Run run = TestJars.staticbf(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.out() + run.err());
        return run;
    }

    /** The summary line's counts: without the output's name, the timing and what the cache reused. */
    private static String counts(TestJars.Run run) {
        String line = run.out().strip();
        return line.substring(line.indexOf("): "), line.indexOf("; time:"))
                .replaceAll(" \\(\\d+ of them reused from the cache\\)", "");
    }

    @Test
    void reusedClassesGiveTheBytesCountsAndWarningsOfTheirRewriting() throws IOException {
        String cache = work.resolve("cache").toString();
        staticbf(program("first", ACCOUNT), "first.jar", "--cache-dir", cache);
        Path second = program("second", ACCOUNT); // new to the whole-jar cache, its classes are not
        TestJars.Run reused = staticbf(second, "second-cached.jar", "--cache-dir", cache);
        TestJars.Run fresh = staticbf(second, "second.jar", "--no-cache");

        assertTrue(reused.out().contains("2 classes rewritten, 0 unchanged (2 of them reused from the cache)"),
                reused.out());
        assertArrayEquals(Files.readAllBytes(work.resolve("second.jar")),
                Files.readAllBytes(work.resolve("second-cached.jar")));
        assertEquals(counts(fresh), counts(reused));
        assertTrue(fresh.err().contains("class app.base.Base not found") && fresh.err().contains(
                "cannot resolve field app.Account.id (used in app.Teller)"), fresh.err());
        assertEquals(fresh.err(), reused.err(), "the same warnings, once each");
    }

    @Test
    void aChangedClassIsRewrittenAndTheOthersAreReused() throws IOException {
        String cache = work.resolve("cache").toString();
        staticbf(program("first", ACCOUNT), "first.jar", "--cache-dir", cache);
        Path changed = program("changed", ACCOUNT.replace("balance += n;", "balance += 2 * n;"));
        TestJars.Run reused = staticbf(changed, "changed-cached.jar", "--cache-dir", cache);
        TestJars.Run fresh = staticbf(changed, "changed.jar", "--no-cache");

        assertTrue(reused.out().contains("(1 of them reused from the cache)"), reused.out());
        assertArrayEquals(Files.readAllBytes(work.resolve("changed.jar")),
                Files.readAllBytes(work.resolve("changed-cached.jar")));
        assertEquals(counts(fresh), counts(reused));
        assertEquals(fresh.err(), reused.err());
    }
}
