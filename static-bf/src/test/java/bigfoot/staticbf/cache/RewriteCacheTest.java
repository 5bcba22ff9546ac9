package bigfoot.staticbf.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.staticbf.TestJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** staticbf's cache of rewrites: what a re-run reuses, what makes it rewrite again, and builds sharing it. */
class RewriteCacheTest {

    private static final String ACCOUNT = """
            package app;
            public class Account extends app.base.Base {
                private int balance;
                public synchronized void deposit(int n) { balance += n; }
                public int balance() { return balance; }
            }
            """;
    private static final String BASE = """
            package app.base;
            public class Base { protected int id; }
            """;

    @TempDir
    Path work;

    /** The program, without app.base.Base (so staticbf warns that it cannot find it), with a balance field named {@code field}. */
    private Path programJar(String name, String field) {
        Map<String, byte[]> classes = new TreeMap<>(TestJars.compile(work, Map.of(
                "app/Account.java", ACCOUNT.replace("balance", field), "app/base/Base.java", BASE)));
        classes.remove("app/base/Base.class");
        return TestJars.writeJar(work.resolve(name + ".jar"), classes);
    }

    private TestJars.Run staticbf(Path in, String out, String... more) {
        return TestJars.rewrite(work, in, out, Stream.concat(Stream.of("--mode", "fasttrack"), Stream.of(more))
                .toArray(String[]::new));
    }

    private byte[] bytes(String out) throws IOException {
        return Files.readAllBytes(work.resolve(out));
    }

    private String cache() {
        return work.resolve("cache").toString();
    }

    private static boolean reused(TestJars.Run run) {
        return run.out().contains(", reused from the cache (made in ");
    }

    @Test
    void aRunWithTheSameInputsCopiesTheJarByteForByteAndRepeatsTheSummaryAndWarnings() throws IOException {
        Path in = programJar("app", "balance");
        TestJars.Run first = staticbf(in, "first.jar", "--cache-dir", cache());
        assertFalse(reused(first), first.out());
        assertTrue(first.err().contains("app/base/Base") || first.err().contains("app.base.Base"), first.err());
        TestJars.Run second = staticbf(in, "second.jar", "--cache-dir", cache());
        assertTrue(reused(second), second.out());
        assertArrayEquals(bytes("first.jar"), bytes("second.jar"));
        assertEquals(first.err(), second.err(), "the warnings of the run that made the jar");
        String counts = first.out().substring(first.out().indexOf("): "), first.out().indexOf("; time: "));
        assertTrue(second.out().contains(counts), "the same counts: " + second.out());
        assertTrue(second.out().contains(work.resolve("second.jar").toString()), "names its own output");
    }

    @Test
    void theSameInputsGiveTheSameBytesWithAndWithoutTheCache() throws IOException {
        Path in = programJar("app", "balance");
        staticbf(in, "uncached.jar", "--no-cache");
        staticbf(in, "uncached-again.jar", "--no-cache");
        assertArrayEquals(bytes("uncached.jar"), bytes("uncached-again.jar"), "a rewrite is reproducible");
        staticbf(in, "filled.jar", "--cache-dir", cache());
        assertTrue(reused(staticbf(in, "reused.jar", "--cache-dir", cache())));
        assertArrayEquals(bytes("uncached.jar"), bytes("reused.jar"));
    }

    @Test
    void anotherInputOptionOrClasspathIsRewrittenAgain() throws IOException {
        Path in = programJar("app", "balance");
        Path other = programJar("other", "total");
        Path lib = TestJars.writeJar(work.resolve("lib.jar"), TestJars.compile(work,
                Map.of("app/base/Base.java", BASE)));
        staticbf(in, "a.jar", "--cache-dir", cache());
        assertFalse(reused(staticbf(other, "b.jar", "--cache-dir", cache())), "another input jar");
        assertFalse(reused(staticbf(in, "c.jar", "--cache-dir", cache(), "--fields", "per-field")), "another option");
        assertFalse(reused(staticbf(in, "d.jar", "--cache-dir", cache(), "--classpath", lib.toString())),
                "a --classpath");
        assertTrue(reused(staticbf(in, "e.jar", "--cache-dir", cache(), "--classpath", lib.toString())));
        TestJars.writeJar(lib, TestJars.compile(work,
                Map.of("app/base/Base.java", BASE.replace("id", "key"))));
        assertFalse(reused(staticbf(in, "f.jar", "--cache-dir", cache(), "--classpath", lib.toString())),
                "a --classpath jar that changed");
    }

    @Test
    void aDamagedEntryIsRewrittenAndReplaced() throws IOException {
        Path in = programJar("app", "balance");
        staticbf(in, "first.jar", "--cache-dir", cache());
        Path cached;
        try (Stream<Path> files = Files.list(Path.of(cache()))) {
            cached = files.filter(p -> p.toString().endsWith(".jar")).findFirst().orElseThrow();
        }
        Files.write(cached, new byte[] {1, 2, 3}, StandardOpenOption.APPEND);
        assertFalse(reused(staticbf(in, "second.jar", "--cache-dir", cache())), "a jar that fails its digest");
        assertArrayEquals(bytes("first.jar"), bytes("second.jar"));
        assertTrue(reused(staticbf(in, "third.jar", "--cache-dir", cache())), "stored again");
        assertArrayEquals(bytes("first.jar"), bytes("third.jar"));
    }

    @Test
    void buildsSharingTheCacheAtOnceEachGetTheWholeJar() throws Exception {
        Path in = programJar("app", "balance");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<TestJars.Run>> runs = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String out = "out" + i + ".jar";
                runs.add(pool.submit(() -> staticbf(in, out, "--cache-dir", cache())));
            }
            for (Future<TestJars.Run> r : runs) {
                r.get();
            }
        } finally {
            pool.shutdown();
        }
        for (int i = 1; i < 8; i++) {
            assertArrayEquals(bytes("out0.jar"), bytes("out" + i + ".jar"), "out" + i);
        }
        try (Stream<Path> files = Files.list(Path.of(cache()))) {
            assertEquals(List.of(".jar", ".txt"), files.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
                    .map(n -> n.substring(n.lastIndexOf('.'))).sorted().toList(), "one entry");
        }
        try (Stream<Path> files = Files.walk(Path.of(cache()))) {
            assertEquals(List.of(), files.filter(p -> p.toString().endsWith(".tmp")).toList(), "no temporary file");
        }
    }

    @Test
    void theEntriesUsedLastAreKept() throws IOException {
        RewriteCache cache = new RewriteCache(work.resolve("cache"));
        Path jar = Files.write(work.resolve("x.jar"), new byte[] {42});
        Files.createDirectories(work.resolve("cache"));
        Path orphan = Files.write(work.resolve("cache/orphan.jar"), new byte[] {1});   // a build stopped before its text
        Path temp = Files.write(work.resolve("cache/k.123.tmp"), new byte[] {1});      // or before its move
        Files.setLastModifiedTime(orphan, java.nio.file.attribute.FileTime.fromMillis(1));
        Files.setLastModifiedTime(temp, java.nio.file.attribute.FileTime.fromMillis(1));
        int stored = RewriteCache.MAX_ENTRIES + 5;
        for (int i = 0; i < stored; i++) {
            cache.store("k" + i, jar, "counts", "1.0 s", List.of());
            Files.setLastModifiedTime(work.resolve("cache/k" + i + ".txt"),
                    java.nio.file.attribute.FileTime.fromMillis(1_000_000L * (i + 1)));
        }
        assertFalse(Files.exists(orphan), "an entry without its text goes by its jar's time");
        assertFalse(Files.exists(temp), "a temporary file a day old goes");
        assertTrue(cache.lookup("k0").isEmpty(), "the oldest went");
        assertTrue(cache.lookup("k" + (stored - 1)).isPresent());
        try (Stream<Path> files = Files.list(work.resolve("cache"))) {
            assertEquals(2L * RewriteCache.MAX_ENTRIES, files.count());
        }
    }

    @Test
    void noCacheAndACacheDirectoryExcludeEachOther() {
        TestJars.Run run = TestJars.staticbf("--in", "a.jar", "--out", "b.jar", "--no-cache", "--cache-dir", "c");
        assertEquals(2, run.exitCode());
        assertEquals("staticbf: error: --no-cache and --cache-dir exclude each other", run.err().trim());
    }
}
