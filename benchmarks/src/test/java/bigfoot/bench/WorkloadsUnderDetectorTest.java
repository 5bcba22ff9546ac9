package bigfoot.bench;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import bigfoot.bench.kernels.KernelArgs;
import bigfoot.bench.kernels.Size;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every real-library workload at its small size on 2 threads, with its driver and its library jars rewritten by
 * StaticBF in bigfoot placement with placement verification and run under the runtime with BF's adaptive arrays,
 * passes its own result check, with a precise placement (no violations) and a complete verdict. Races are not
 * asserted on: a real library may race, and the harness reports them.
 */
class WorkloadsUnderDetectorTest {

    private static final KernelArgs SMALL_RUN = new KernelArgs(Size.SMALL, 2, 0, 1);

    @TestFactory
    List<DynamicTest> everyWorkloadPassesItsCheckUnderPreciseBigFootChecks() throws IOException {
        Path work = KernelsUnderDetectorTest.workDir();
        Path runtime = KernelsUnderDetectorTest.privateRuntime(work);
        Path libs = Path.of(System.getProperty("bigfoot.workload.libs", "target/workload-libs"));
        Jars jars = new Jars(work, libs, true, runtime);
        List<DynamicTest> tests = new ArrayList<>();
        for (Kernel workload : Kernel.WORKLOADS) {
            Kernel w = workload.withArgs(SMALL_RUN);
            Path report = work.resolve(w.name() + "-bigfoot-verify.json");
            tests.add(dynamicTest(w.name() + " bigfoot --verify-placement", () -> KernelsUnderDetectorTest.runVerified(
                    w, jars.classpath(w, Configuration.BF), runtime, Configuration.BF.arrays, report)));
        }
        return tests;
    }
}
