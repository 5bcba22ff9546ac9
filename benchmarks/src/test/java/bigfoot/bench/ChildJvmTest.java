package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** What the harness reads from a kernel's output, and the times it takes from it (made-up output, no timing involved). */
class ChildJvmTest {

    @Test
    void jitLinesGiveTheMeanCompilationTimeWhenEveryIterationHasOne() throws IOException {
        Samples s = ChildJvm.parse("lucene", "time-ms: 9\ncpu-ms: 20\njit-ms: 8\ntime-ms: 9\ncpu-ms: 20\njit-ms: 2\n");
        assertEquals(OptionalDouble.of(5), s.meanJitMs());
        assertEquals(OptionalDouble.empty(), ChildJvm.parse("lucene", "time-ms: 9\ncpu-ms: 20\n").meanJitMs());
        assertEquals(OptionalDouble.empty(), s.plus(ChildJvm.parse("lucene", "time-ms: 9\n")).meanJitMs());
        IOException some = assertThrows(IOException.class,
                () -> ChildJvm.parse("lucene", "time-ms: 1\njit-ms: 2\ntime-ms: 3\n"));
        assertEquals("lucene printed 2 time-ms lines but 1 jit-ms lines", some.getMessage());
    }

    @Test
    void readsAWallAndACpuTimePerIteration() throws IOException {
        Samples s = ChildJvm.parse("sor", "time-ms: 12.5\ncpu-ms: 24.000\ntime-ms: 10.0\ncpu-ms: 19.5\nsor checksum: 3.0\n");
        assertEquals(List.of(12.5, 10.0), s.wallMs());
        assertEquals(List.of(24.0, 19.5), s.cpuMs());
        assertEquals(new Samples.Times(11.25, OptionalDouble.of(21.75)), s.times());
    }

    @Test
    void theCpuTimeIsTheMeanOfClockTickRoundedIterations() throws IOException {
        // 4 ms iterations on a 10 ms clock tick: a tick falls in 2 of 5; the median would say 0
        Samples s = ChildJvm.parse("sor", "time-ms: 4\ncpu-ms: 10\ntime-ms: 4\ncpu-ms: 0\ntime-ms: 4\ncpu-ms: 0\n"
                + "time-ms: 4\ncpu-ms: 10\ntime-ms: 4\ncpu-ms: 0\n");
        assertEquals(new Samples.Times(4, OptionalDouble.of(4)), s.times());
    }

    @Test
    void withoutCpuLinesOnlyTheWallMedianIsKnown() throws IOException {
        Samples s = ChildJvm.parse("sor", "time-ms: 12.5\ntime-ms: 10.0\ntime-ms: 30.0\n");
        assertEquals(List.of(), s.cpuMs());
        assertEquals(new Samples.Times(12.5, OptionalDouble.empty()), s.times());
    }

    @Test
    void runsAddUpAndTheCpuMedianNeedsEveryIterationsCpuTime() throws IOException {
        Samples withCpu = ChildJvm.parse("sor", "time-ms: 1\ncpu-ms: 2\n");
        Samples more = withCpu.plus(ChildJvm.parse("sor", "time-ms: 3\ncpu-ms: 6\ntime-ms: 5\ncpu-ms: 10\n"));
        assertEquals(new Samples.Times(3, OptionalDouble.of(6)), more.times());
        Samples mixed = withCpu.plus(ChildJvm.parse("sor", "time-ms: 3\n"));
        assertEquals(new Samples.Times(2, OptionalDouble.empty()), mixed.times());
    }

    @Test
    void missingTimesOrACpuTimeForSomeIterationsOnlyAreErrors() {
        IOException none = assertThrows(IOException.class, () -> ChildJvm.parse("sor", "sor checksum: 3.0\n"));
        assertEquals("sor printed no time-ms lines", none.getMessage());
        IOException some = assertThrows(IOException.class, () -> ChildJvm.parse("sor", "time-ms: 1\ncpu-ms: 2\ntime-ms: 3\n"));
        assertEquals("sor printed 2 time-ms lines but 1 cpu-ms lines", some.getMessage());
    }
}
