package bigfoot.ir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The capsule list that {@code dynamicbf --find-capsules FILE} writes and {@code staticbf --capsules FILE} reads: one
 * class name a line ({@code pkg.Outer$Inner}), a class that showed a capsule violation prefixed with {@code !} (so that
 * merging runs never brings it back), {@code #} comments and blank lines ignored.
 */
public record CapsuleFile(Set<String> capsules, Set<String> rejected) {

    public static final CapsuleFile EMPTY = new CapsuleFile(Set.of(), Set.of());

    public CapsuleFile {
        capsules = Set.copyOf(capsules);
        rejected = Set.copyOf(rejected);
    }

    /** Reads {@code file}; IOException also for a malformed line, naming it. */
    public static CapsuleFile read(Path file) throws IOException {
        Set<String> capsules = new TreeSet<>();
        Set<String> rejected = new TreeSet<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            boolean bad = line.startsWith("!");
            String name = bad ? line.substring(1).strip() : line;
            if (name.isEmpty() || !name.chars().allMatch(c -> Character.isJavaIdentifierPart(c) || c == '.' || c == '$')) {
                throw new IOException(file + ":" + (i + 1) + ": not a class name: " + lines.get(i));
            }
            (bad ? rejected : capsules).add(name);
        }
        capsules.removeAll(rejected);
        return new CapsuleFile(capsules, rejected);
    }

    /** This list after a run in which {@code kept} showed no violation and {@code violated} did. */
    public CapsuleFile merge(Set<String> kept, Set<String> violated) {
        Set<String> allRejected = new TreeSet<>(rejected);
        allRejected.addAll(violated);
        Set<String> all = new TreeSet<>(capsules);
        all.addAll(kept);
        all.removeAll(allRejected);
        return new CapsuleFile(all, allRejected);
    }

    /** The file's text: a header, the capsules, then the rejected classes, each sorted. */
    public String render() {
        StringBuilder sb = new StringBuilder("# capsule classes (staticbf --capsules FILE); '!': showed a capsule "
                + "violation, never a capsule\n");
        new TreeSet<>(capsules).forEach(c -> sb.append(c).append('\n'));
        new TreeSet<>(rejected).forEach(c -> sb.append('!').append(c).append('\n'));
        return sb.toString();
    }
}
