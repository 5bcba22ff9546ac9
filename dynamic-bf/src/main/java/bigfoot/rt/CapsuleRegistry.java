package bigfoot.rt;

import bigfoot.ir.CapsuleFile;
import bigfoot.rt.report.CapsuleViolation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The run's capsules ({@code staticbf --capsules}): the capsule classes loaded, for capsule discovery
 * ({@code --find-capsules}), which keeps those without a capsule violation.
 */
final class CapsuleRegistry {

    private final Set<String> loaded = ConcurrentHashMap.newKeySet();

    /** A capsule class's {@code <clinit>} made its shadow. */
    void loaded(Class<?> capsule) {
        loaded.add(capsule.getName());
    }

    /**
     * {@code --find-capsules}: merges this run into {@code file} (read if it exists): the loaded capsule classes without
     * a violation are kept, those with one ({@code violations}) rejected for good. Written to a temporary file, then
     * moved over it.
     */
    CapsuleFile writeFound(Path file, List<CapsuleViolation> violations) throws IOException {
        CapsuleFile before;
        try {
            before = CapsuleFile.read(file);
        } catch (NoSuchFileException e) {
            before = CapsuleFile.EMPTY;
        }
        Set<String> violated = new TreeSet<>();
        violations.forEach(v -> violated.add(v.className()));
        Set<String> kept = new TreeSet<>(loaded);
        kept.removeAll(violated);
        CapsuleFile after = before.merge(kept, violated);
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, after.render(), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return after;
    }
}
