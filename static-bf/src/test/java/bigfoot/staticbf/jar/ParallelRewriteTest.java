package bigfoot.staticbf.jar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.staticbf.TestJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The classes are rewritten on several threads while one writes the jar: the output and the warnings do not depend on
 * how many, nor on which thread looked a missing class up first.
 */
class ParallelRewriteTest {

    private static final int CLASSES = 12;

    @TempDir
    Path work;

    /** Classes that each read a field of a class of their own and of one all share, both missing from the jar. */
    private Path program() {
        Map<String, String> sources = new TreeMap<>();
        sources.put("lib/Shared.java", "package lib; public class Shared { public int x; }");
        for (int i = 0; i < CLASSES; i++) {
            sources.put("lib/Own" + i + ".java", "package lib; public class Own" + i + " { public int y; }");
            sources.put("app/User" + i + ".java", "package app; public class User" + i + " {\n"
                    + "    int seen;\n"
                    + "    int read(lib.Shared s, lib.Own" + i + " o) { seen = s.x + o.y; return seen; }\n"
                    + "}\n");
        }
        Map<String, byte[]> classes = new TreeMap<>(TestJars.compile(work, sources));
        classes.keySet().removeIf(name -> name.startsWith("lib/"));
        return TestJars.writeJar(work.resolve("in.jar"), classes);
    }

    @Test
    void theOutputAndTheWarningsAreTheSameOnOneThreadAndOnSeveral() throws IOException {
        Path in = program();
        byte[] first = null;
        List<String> firstWarnings = null;
        for (String threads : List.of("1", "2", "5")) {
            TestJars.Run r = TestJars.rewrite(work, in, "out-" + threads + ".jar", "--no-cache", "--threads", threads);
            assertEquals(0, r.exitCode(), r::err);
            byte[] bytes = Files.readAllBytes(work.resolve("out-" + threads + ".jar"));
            List<String> warnings = r.err().lines().filter(l -> l.startsWith("staticbf: warning")).toList();
            if (first == null) {
                first = bytes;
                firstWarnings = warnings;
                assertTrue(r.err().contains("class lib.Shared not found") && r.err().contains("class lib.Own7 not found"),
                        r.err());
                assertEquals(1, warnings.stream().filter(w -> w.contains("class lib.Shared not found")).count(),
                        "once: " + r.err());
            } else {
                assertArrayEquals(first, bytes, "on " + threads + " threads");
                assertEquals(firstWarnings, warnings, "on " + threads + " threads");
            }
        }
    }
}
