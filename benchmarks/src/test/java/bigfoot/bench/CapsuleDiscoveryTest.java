package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a capsule discovery run found, read from the capsule list it wrote. */
class CapsuleDiscoveryTest {

    @TempDir
    Path dir;

    @Test
    void countsTheKeptAndTheRejectedCapsuleClasses() throws Exception {
        Path list = Files.writeString(dir.resolve("sor-capsules.txt"), "# capsule classes\n"
                + "bigfoot.bench.kernels.Sor\nbigfoot.bench.kernels.Team$Worker\n!bigfoot.bench.kernels.KernelTimer\n");
        assertEquals(new CapsuleDiscovery.Found(list, 2, 1), CapsuleDiscovery.Found.read(list));
    }
}
