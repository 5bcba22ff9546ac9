package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import bigfoot.bench.kernels.KernelArgs;
import bigfoot.bench.kernels.Size;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every kernel at its small size on 2 threads passes its own result check uninstrumented and when rewritten
 * by StaticBF (fasttrack, redcard and bigfoot placements, and bigfoot with {@code --elide escape}, with placement
 * verification) and run under the runtime with fine and adaptive arrays; under the runtime it is also race-free and
 * its placement precise (no violations), with a complete verdict.
 */
class KernelsUnderDetectorTest {

    private static final KernelArgs SMALL_RUN = new KernelArgs(Size.SMALL, 2, 0, 1);
    /** Each rewrite's name: its placement mode, then its --elide filter if any. */
    private static final List<String> MODES = List.of("fasttrack", "redcard", "bigfoot", "bigfoot+escape");
    private static final List<String> ARRAYS = List.of("fine", "adaptive");

    @TestFactory
    List<DynamicTest> everyKernelPassesItsCheckRaceFreeUnderPreciseChecks() throws IOException {
        Path work = workDir();
        Path runtime = privateRuntime(work);
        Path base = KernelJar.write(work.resolve("kernels.jar"));
        List<Path> rewritten = new ArrayList<>();
        for (String mode : MODES) {
            String[] modeAndFilter = mode.split("\\+");
            rewritten.add(Rewriter.rewrite(base, work.resolve("kernels-" + mode + "-verify.jar"), modeAndFilter[0],
                    "proxies", modeAndFilter.length > 1 ? modeAndFilter[1] : "none", "none", List.of(), true).jar());
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (Kernel kernel : Kernel.ALL) {
            Kernel k = kernel.withArgs(SMALL_RUN);
            tests.add(dynamicTest(k.name() + " uninstrumented",
                    () -> ChildJvm.run(Configuration.BASE.jvmArgs(List.of(base), runtime, null), k)));
            for (int m = 0; m < MODES.size(); m++) {
                Path jar = rewritten.get(m);
                for (String arrays : ARRAYS) {
                    String name = k.name() + " " + MODES.get(m) + " arrays=" + arrays;
                    Path report = work.resolve(k.name() + "-" + MODES.get(m) + "-" + arrays + ".json");
                    tests.add(dynamicTest(name, () -> runChecked(k, jar, runtime, arrays, report)));
                }
            }
        }
        return tests;
    }

    private static void runChecked(Kernel k, Path jar, Path runtime, String arrays, Path report) throws Exception {
        ReportSummary s = runVerified(k, List.of(jar), runtime, arrays, report);
        assertEquals(0, s.races(), () -> "races reported, see " + report);
    }

    /**
     * Runs {@code k} from a class path rewritten with placement verification under the runtime; asserts that it
     * passed its own result check (exit status 0), printed a CPU time for each timed iteration, and had a complete
     * verdict and no placement violation.
     */
    static ReportSummary runVerified(Kernel k, List<Path> classpath, Path runtime, String arrays, Path report)
            throws Exception {
        Files.deleteIfExists(report);
        Samples samples = ChildJvm.run(Configuration.underRuntime(classpath, runtime, arrays, report), k); // fails unless exit 0
        assertEquals(samples.wallMs().size(), samples.cpuMs().size(), "cpu-ms lines per time-ms line");
        ReportSummary s = ReportSummary.read(report);
        assertTrue(s.complete(), () -> "incomplete verdict, see " + report);
        assertEquals(OptionalInt.of(0), s.violations(), () -> "placement violations (or none counted), see " + report);
        return s;
    }

    /** The scratch directory of these tests (jars and JSON reports, kept for inspection). */
    static Path workDir() throws IOException {
        return Files.createDirectories(Path.of(System.getProperty("bigfoot.work.dir", "target/kernel-tests")));
    }

    /** A private copy of the runtime jar in {@code work}: the shared build may replace it while the child JVMs run. */
    static Path privateRuntime(Path work) throws IOException {
        return Files.copy(runtimeJar(), work.resolve("dynamic-bf.jar"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static Path runtimeJar() {
        String property = System.getProperty("bigfoot.runtime.jar");
        Path jar = Path.of(property != null ? property : "../dynamic-bf/target/dynamic-bf-0.1.0-SNAPSHOT.jar");
        assertTrue(Files.isRegularFile(jar), () -> "the DynamicBF runtime jar " + jar.toAbsolutePath().normalize()
                + " is missing: build it first (mvn -o -pl dynamic-bf install)");
        return jar;
    }
}
