package bigfoot.staticbf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * StaticBF's packages depend on each other one way: no package reaches itself through the classes its classes name
 * (imports and fully qualified names in code; a class named in a string, as the rewrite cache names the parts it
 * hashes, is no dependency).
 */
class PackageGraphTest {

    private static final Path SOURCES = Path.of("src/main/java");
    private static final String ROOT = "bigfoot.staticbf";
    private static final Pattern NAMED = Pattern.compile("\\bbigfoot\\.staticbf((?:\\.[a-z_][a-z0-9_]*)*)\\.[A-Z]");
    private static final Pattern STRING = Pattern.compile("\"(?:\\\\.|[^\"\\\\])*\"");

    @Test
    void noPackageDependsOnItselfThroughOthers() throws IOException {
        Map<String, Set<String>> graph = graph();
        assertTrue(graph.size() >= 10, "the packages were read: " + graph.keySet());
        for (String start : graph.keySet()) {
            List<String> cycle = cycleFrom(start, start, graph, new ArrayList<>(List.of(start)), new TreeSet<>());
            assertEquals(List.of(), cycle, "a cycle of packages (each names a class of the next): " + cycle);
        }
    }

    @Test
    void theContractIsBelowTheAnalysesAndTheModesAboveThem() throws IOException {
        Map<String, Set<String>> graph = graph();
        assertTrue(graph.get(ROOT + ".analysis").contains(ROOT + ".placement"));
        assertTrue(graph.get(ROOT + ".mode").contains(ROOT + ".analysis"));
        assertTrue(!graph.get(ROOT + ".placement").contains(ROOT + ".analysis"), "the placement contract knows no analysis");
    }

    /** Package -> the other packages its classes name. */
    private static Map<String, Set<String>> graph() throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(SOURCES.resolve(ROOT.replace('.', '/')))) {
            files = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        for (Path f : files) {
            String pkg = SOURCES.relativize(f.getParent()).toString().replace('/', '.');
            Set<String> uses = graph.computeIfAbsent(pkg, k -> new TreeSet<>());
            String code = STRING.matcher(withoutComments(Files.readString(f))).replaceAll("\"\"");
            Matcher m = NAMED.matcher(code);
            while (m.find()) {
                String target = ROOT + m.group(1);
                if (!target.equals(pkg)) {
                    uses.add(target);
                }
            }
        }
        return graph;
    }

    private static String withoutComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
    }

    /** A path from {@code at} back to {@code start}, or an empty list. */
    private static List<String> cycleFrom(String start, String at, Map<String, Set<String>> graph, List<String> path,
            Set<String> seen) {
        for (String next : graph.getOrDefault(at, Set.of())) {
            if (next.equals(start)) {
                List<String> cycle = new ArrayList<>(path);
                cycle.add(start);
                return cycle;
            }
            if (seen.add(next)) {
                path.add(next);
                List<String> found = cycleFrom(start, next, graph, path, seen);
                if (!found.isEmpty()) {
                    return found;
                }
                path.remove(path.size() - 1);
            }
        }
        return List.of();
    }
}
