package bigfoot.bench;

import bigfoot.ir.CapsuleFile;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The capsule discovery run of a program for the capsule configurations (BFC, BFEC; the BigFoot dissertation's
 * chapter 5): its jars rewritten with {@code --capsules all}, run once with a timed run's main class and arguments
 * under the runtime with {@code find-capsules=LIST}, which writes into LIST the capsule classes the run loaded and saw
 * no capsule violation on, and those it saw one on as rejected ({@link CapsuleFile}). The capsule configurations then
 * rewrite with {@code --capsules LIST}.
 */
final class CapsuleDiscovery {

    /** What a discovery run found: its capsule list, and the number of capsule classes it kept and rejected. */
    record Found(Path list, int kept, int rejected) {

        static Found read(Path list) throws IOException {
            CapsuleFile file = CapsuleFile.read(list);
            return new Found(list, file.capsules().size(), file.rejected().size());
        }
    }

    private CapsuleDiscovery() {
    }

    /**
     * Runs {@code k} from {@code classpath} (rewritten with {@code --capsules all}) under {@code runtime}, writing a
     * fresh capsule list to {@code list} and the run's JSON report next to it.
     */
    static Found run(Kernel k, List<Path> classpath, Path runtime, Path list) throws IOException {
        Files.deleteIfExists(list); // the runtime merges into an existing list: an earlier run's must not count
        Path report = list.resolveSibling(k.name() + "-capsule-discovery.json");
        try {
            ChildJvm.run(Configuration.underRuntime(classpath, runtime, Configuration.BF.arrays, report,
                    "find-capsules=" + list), k);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted in the capsule discovery run of " + k.name());
        }
        if (!Files.isRegularFile(list)) {
            throw new IOException("the capsule discovery run of " + k.name() + " wrote no capsule list " + list);
        }
        return Found.read(list);
    }
}
