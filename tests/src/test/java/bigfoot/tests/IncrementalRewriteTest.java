package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A re-run of StaticBF on the race corpus after one class changed, with the cache the first run filled: it reuses the
 * other classes' analysis and rewriting, and writes the bytes a run without the cache writes, in the default mode and
 * in redcard mode with the escape filter.
 */
class IncrementalRewriteTest {

    private static final Pattern METHODS_REUSED = Pattern.compile("whole-program\\), (\\d+) of them reused");
    private static final Pattern CLASSES_REUSED = Pattern.compile("unchanged \\((\\d+) of them reused");

    @Test
    void bigfoot() throws IOException {
        rerunAfterAnEdit("bigfoot", List.of());
    }

    @Test
    void redcardWithTheEscapeFilter() throws IOException {
        rerunAfterAnEdit("redcard-escape", List.of("--mode", "redcard", "--elide", "escape"));
    }

    private static void rerunAfterAnEdit(String name, List<String> options) throws IOException {
        Path dir = Workspace.fresh("incremental-" + name);
        Map<String, byte[]> corpus = Jars.packageEntries(MainClasses.testClasses(), Corpus.PACKAGE);
        Path first = Jars.write(dir.resolve("corpus.jar"), corpus);
        Path edited = Jars.write(dir.resolve("corpus-edited.jar"), editedOne(corpus));
        String cache = dir.resolve("cache").toString();

        staticbf(first, dir.resolve("first.jar"), options, "--cache-dir", cache);
        String rerun = staticbf(edited, dir.resolve("rerun.jar"), options, "--cache-dir", cache);
        staticbf(edited, dir.resolve("fresh.jar"), options, "--no-cache");

        assertArrayEquals(Files.readAllBytes(dir.resolve("fresh.jar")), Files.readAllBytes(dir.resolve("rerun.jar")),
                "the re-run writes what a run without the cache writes");
        assertTrue(reused(METHODS_REUSED, rerun) > 100 && reused(CLASSES_REUSED, rerun) > 50, rerun);
    }

    /** The corpus with one class's bytes changed (a letter of its source file's name), its code and shape not. */
    private static Map<String, byte[]> editedOne(Map<String, byte[]> corpus) {
        Map<String, byte[]> edited = new TreeMap<>(corpus);
        for (Map.Entry<String, byte[]> e : corpus.entrySet()) {
            String simple = e.getKey().substring(e.getKey().lastIndexOf('/') + 1).replace(".class", "");
            String latin1 = new String(e.getValue(), StandardCharsets.ISO_8859_1);
            int at = latin1.indexOf(simple + ".java");
            if (e.getKey().endsWith(".class") && !simple.contains("$") && at >= 0) {
                byte[] bytes = e.getValue().clone();
                bytes[at + simple.length() + ".jav".length()] = '_';
                edited.put(e.getKey(), bytes);
                return edited;
            }
        }
        throw new AssertionError("no corpus class names its source file");
    }

    private static String staticbf(Path in, Path out, List<String> options, String... cache) {
        List<String> args = new ArrayList<>(List.of("--in", in.toString(), "--out", out.toString()));
        args.addAll(options);
        args.addAll(List.of(cache));
        Rewriter.CliResult r = Rewriter.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r::err);
        return r.out();
    }

    private static int reused(Pattern p, String summary) {
        Matcher m = p.matcher(summary);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
