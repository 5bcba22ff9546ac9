package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The many-threads benchmark: what it reads from a run, how it finds a JDK with virtual threads, and its program run
 * for real with a few hundred tasks, plain and rewritten under the runtime, where it must report no race.
 */
class ManyThreadsTest {

    @TempDir
    Path dir;

    @Test
    void readsTheCpuTimeAndThePeakMemory() throws IOException {
        ManyThreads.Run r = ManyThreads.parse("time-ms: 20.5\ncpu-ms: 120.000\npeak-rss-kb: 51200\n");
        assertEquals(new ManyThreads.Run(OptionalLong.of(120), OptionalLong.of(51200), null), r);
        assertEquals("50", r.peakMb());
        assertEquals("timeout", ManyThreads.Run.TIMED_OUT.cpu());
        assertThrows(IOException.class, () -> ManyThreads.parse("time-ms: 20.5\n"));
    }

    @Test
    void readsTheFeatureVersionOfAJdkFromItsReleaseFile() throws IOException {
        Path release = Files.writeString(dir.resolve("release"), "IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.1\"\n");
        assertEquals(25, ManyThreads.feature(release));
        assertEquals(0, ManyThreads.feature(dir.resolve("missing")));
        assertEquals(0, ManyThreads.feature(Files.writeString(dir.resolve("other"), "JAVA_VERSION=\"x\"\n")));
    }

    @Test
    void runsTasksOnAPoolAndOnAThreadEachPlainAndUnderTheDetectorWithoutRaces() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path work = KernelsUnderDetectorTest.workDir();
        Path runtime = KernelsUnderDetectorTest.privateRuntime(work);
        Path plain = KernelJar.write(work.resolve("kernels.jar"));
        Path checked = Rewriter.rewrite(plain, work.resolve("kernels-bigfoot.jar"), "bigfoot", false);
        Path report = dir.resolve("report.json");
        for (String mode : List.of("pool", "threads")) {
            assertTrue(ManyThreads.run(java, List.of("-cp", plain.toString()), mode, 300, 120, null).cpuMs().isPresent());
            ManyThreads.Run r = ManyThreads.run(java, List.of("-javaagent:" + runtime + "=quiet,report=json:" + report,
                    "-cp", checked.toString()), mode, 2_300, 120, report);
            assertTrue(r.cpuMs().isPresent(), mode + ": " + r.failure());
            ReportSummary s = ReportSummary.read(report);
            assertEquals(0, s.races(), mode + ": the tasks share only an AtomicLong");
        }
    }

    @Test
    void virtualThreadsOnAJdkWithoutThemAreAFailedRunNotAResult() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        if (Runtime.version().feature() >= 21) {
            return; // this JVM has them
        }
        assertEquals("status 2", ManyThreads.run(java, List.of("-cp", KernelJar.write(dir.resolve("kernels.jar")).toString()),
                "virtual", 10, 60, null).cpu());
    }

    /** A detector that turned itself off, or that reports a race in this race-free program, gives no numbers. */
    @Test
    void anIncompleteOrRacyVerdictIsAFailedRun() throws IOException {
        assertEquals(null, ManyThreads.wrongVerdict(summary(0, true)));
        assertEquals("incomplete verdict", ManyThreads.wrongVerdict(summary(0, false)));
        assertEquals("2 races", ManyThreads.wrongVerdict(summary(2, true)));
    }

    private ReportSummary summary(int races, boolean complete) throws IOException {
        return ReportSummary.read(Files.writeString(dir.resolve("r.json"), "{\"races\":[],\"summary\":{\"races\":" + races
                + ",\"complete\":" + complete + ",\"checks\":1,\"arrayShadowBytes\":0}}"));
    }
}
