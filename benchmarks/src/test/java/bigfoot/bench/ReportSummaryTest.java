package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness reads a DynamicBF JSON report's summary and describes its first race and its first capsule violation in
 * one line each.
 */
class ReportSummaryTest {

    @TempDir
    Path dir;

    @Test
    void describesTheFirstRaceWithBothAccessesAmongOtherKeys() throws Exception {
        Path report = write("{\"races\":[\n"
                + "{\"id\":\"7f7a\",\"kind\":\"write-read\",\"target\":{\"type\":\"field\",\"class\":\"org.x.Merger\",\"field\":\"writer\",\"index\":null},"
                + "\"previous\":{\"thread\":\"main\",\"op\":\"write\",\"site\":{\"class\":\"org.x.Merger\",\"method\":\"merge\",\"file\":\"Merger.java\",\"line\":144}},"
                + "\"current\":{\"thread\":\"merge \\\"1\\\"\",\"op\":\"read\",\"site\":{\"class\":\"org.x.Merger\",\"method\":\"message\",\"file\":\"Merger.java\",\"line\":98},\"started\":\"by \\\"main\\\" at org.x.Merger.merge(Merger.java:197)\"}},\n"
                + "{\"kind\":\"write-write\",\"target\":{\"type\":\"array\",\"class\":\"int[]\",\"field\":null,\"index\":3},"
                + "\"previous\":{\"thread\":\"a\",\"op\":\"write\",\"site\":null},\"current\":{\"thread\":\"b\",\"op\":\"write\",\"site\":null}}],\n"
                + "\"summary\":{\"races\":2,\"checks\":10,\"threads\":3,\"complete\":true,\"arrayShadowBytes\":4}}\n");
        ReportSummary s = ReportSummary.read(report);
        assertEquals(2, s.races());
        assertEquals(10, s.checks());
        assertEquals(4, s.arrayShadowBytes());
        assertEquals(OptionalInt.empty(), s.violations());
        assertEquals(Optional.of("write-read race on field org.x.Merger.writer: read at org.x.Merger.message(Merger.java:98)"
                + " / write at org.x.Merger.merge(Merger.java:144)"), s.firstRace());
    }

    @Test
    void describesAnArrayRaceWithUnknownSites() throws Exception {
        Path report = write("{\"races\":[\n"
                + "{\"kind\":\"write-write\",\"target\":{\"type\":\"array\",\"class\":\"int[]\",\"field\":null,\"index\":3},"
                + "\"previous\":{\"thread\":\"a\",\"op\":\"write\",\"site\":null},\"current\":{\"thread\":\"b\",\"op\":\"write\",\"site\":null}}],\n"
                + "\"violations\":[],\n"
                + "\"summary\":{\"races\":1,\"checks\":1,\"threads\":3,\"complete\":false,\"arrayShadowBytes\":1,\"violations\":0}}\n");
        ReportSummary s = ReportSummary.read(report);
        assertEquals(false, s.complete());
        assertEquals(OptionalInt.of(0), s.violations());
        assertEquals(Optional.of("write-write race on array int[] index 3: write at ? / write at ?"), s.firstRace());
    }

    @Test
    void aRaceFreeReportHasNoFirstRace() throws Exception {
        Path report = write("{\"races\":[],\n\"summary\":{\"races\":0,\"checks\":5,\"threads\":2,"
                + "\"complete\":true,\"arrayShadowBytes\":0}}\n");
        assertEquals(Optional.empty(), ReportSummary.read(report).firstRace());
    }

    @Test
    void countsCapsuleViolationsAndDescribesTheFirst() throws Exception {
        Path report = write("{\"races\":[],\n\"capsuleViolations\":[\n"
                + "{\"class\":\"org.x.Buffer\",\"kind\":\"concurrent activations\",\"occurrences\":3,"
                + "\"previous\":{\"thread\":\"a\",\"op\":\"write\",\"site\":{\"class\":\"org.x.Buffer\",\"method\":\"add\",\"file\":\"Buffer.java\",\"line\":12}},"
                + "\"current\":{\"thread\":\"b\",\"op\":\"read\",\"site\":{\"class\":\"org.x.Buffer\",\"method\":\"get\",\"file\":null,\"line\":null}}}],\n"
                + "\"summary\":{\"races\":0,\"checks\":5,\"threads\":2,\"complete\":true,"
                + "\"arrayShadowBytes\":0,\"suppressed\":0,\"capsuleViolations\":1}}\n");
        ReportSummary s = ReportSummary.read(report);
        assertEquals(1, s.capsuleViolations());
        assertEquals(Optional.of("concurrent activations of org.x.Buffer: read at org.x.Buffer.get(?:null)"
                + " / write at org.x.Buffer.add(Buffer.java:12)"), s.firstCapsuleViolation());
        assertEquals(Optional.empty(), s.firstRace());
    }

    @Test
    void aReportWithoutCapsulesHasNoCapsuleViolations() throws Exception {
        ReportSummary s = ReportSummary.read(write("{\"races\":[],\n\"summary\":{\"races\":0,\"checks\":5,"
                + "\"threads\":2,\"complete\":true,\"arrayShadowBytes\":0}}\n"));
        assertEquals(0, s.capsuleViolations());
        assertEquals(Optional.empty(), s.firstCapsuleViolation());
    }

    private Path write(String json) throws Exception {
        return Files.writeString(dir.resolve("report.json"), json);
    }
}
