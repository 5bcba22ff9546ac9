package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The tables and the chart a harness run writes, from measurements made up here (no timing involved). */
class ResultsTest {

    /** Times whose CPU and wall values disagree: the overheads must follow the CPU one. */
    private static Samples.Times ms(double cpu, double wall) {
        return new Samples.Times(wall, OptionalDouble.of(cpu));
    }

    private static Samples.Times wallOnly(double wall) {
        return new Samples.Times(wall, OptionalDouble.empty());
    }

    private static Results.Row row(Kernel k, Samples.Times base, Samples.Times ft, Samples.Times bf, long ftChecks,
            long bfChecks) {
        Map<Configuration, Samples.Times> times = new EnumMap<>(Configuration.class);
        times.put(Configuration.BASE, base);
        times.put(Configuration.FT, ft);
        times.put(Configuration.BF, bf);
        Map<Configuration, ReportSummary> summaries = new EnumMap<>(Configuration.class);
        summaries.put(Configuration.FT, new ReportSummary(0, true, ftChecks, 1000 * 1024, OptionalInt.empty(),
                Optional.empty(), 0, Optional.empty()));
        summaries.put(Configuration.BF, new ReportSummary(0, true, bfChecks, 10 * 1024 + 1023, OptionalInt.empty(),
                Optional.empty(), 0, Optional.empty()));
        return new Results.Row(k, times, summaries);
    }

    /** CPU time 9x and 2x (wall time 1.5x and 4x), ratio 0.1. */
    private static Results.Row sor() {
        return row(Kernel.ALL.get(0), ms(10, 100), ms(90, 150), ms(20, 400), 1000, 100);
    }

    private static Results results() {
        Results r = new Results(List.of(Configuration.FT, Configuration.BF));
        r.add(sor());
        // CPU time 2x and 2x (wall time 10x and 1.5x), ratio 0.5
        r.add(row(Kernel.ALL.get(1), ms(20, 20), ms(40, 200), ms(40, 30), 500, 250));
        return r;
    }

    @Test
    void overheadsAndSlowdownsComeFromCpuTime() {
        Results.Row sor = sor();
        assertTrue(sor.cpu());
        assertEquals(8.0, sor.overhead(Configuration.FT), 1e-9);
        assertEquals(2.0, sor.slowdown(Configuration.BF), 1e-9);
        assertEquals(4.0, sor.wallSlowdown(Configuration.BF), 1e-9);
    }

    @Test
    void theSummaryIsTheGeometricMeanCpuSlowdownAndTheMeanRatio() {
        Results r = results();
        assertEquals(Math.sqrt(9 * 2), r.geomeanSlowdown(Configuration.FT), 1e-9);
        assertEquals(2.0, r.geomeanSlowdown(Configuration.BF), 1e-9);
        assertEquals(0.3, r.meanRatio(Configuration.BF), 1e-9);
        assertEquals("summary (slowdowns from CPU time): FT geomean slowdown 4.24, mean ratio 1.000; "
                + "BF geomean slowdown 2.00, mean ratio 0.300;", r.textSummary());
    }

    @Test
    void theTextTableShowsCpuAndWallTimes() {
        Results r = results();
        assertTrue(r.textHeader().matches("kernel +stress +size +base cpu ms +base wall ms +FT cpu ms +FT wall ms +BF cpu ms "
                + "+BF wall ms +FT overhead +BF overhead .*"), r.textHeader());
        assertTrue(r.textRow(sor()).matches("sor +arrays +medium +10\\.0 +100\\.0 +90\\.0 +150\\.0 +20\\.0 +400\\.0 "
                + "+8\\.00 +1\\.00 .*"), r.textRow(sor()));
    }

    @Test
    void markdownAndCsvHoldCpuAndWallTimesARowPerProgramAndTheSummary() {
        Results r = results();
        List<String> md = r.markdown().lines().toList();
        assertEquals(7, md.size(), r.markdown());
        assertEquals("| program | stresses | size | base cpu ms | base wall ms | FT cpu ms | FT wall ms | BF cpu ms | BF wall ms "
                + "| FT overhead | BF overhead | FT ratio | BF ratio | FT array KB | BF array KB |", md.get(0));
        assertEquals("| sor | arrays | medium | 10.0 | 100.0 | 90.0 | 150.0 | 20.0 | 400.0 | 8.00 | 1.00 | 1.000 | 0.100 "
                + "| 1000 | 10 |", md.get(2));
        assertEquals("| **geomean slowdown / mean ratio** | | | | | | | | | **4.24x** | **2.00x** | **1.000** | **0.300** "
                + "| 2000 | 20 |", md.get(4));
        assertEquals("Overheads and slowdowns from CPU time.", md.get(6));
        List<String> csv = r.csv().lines().toList();
        assertEquals("program,stresses,size,base_ms,base_cpu_ms,ft_ms,ft_cpu_ms,ft_overhead,ft_ratio,ft_array_kb,"
                + "bf_ms,bf_cpu_ms,bf_overhead,bf_ratio,bf_array_kb", csv.get(0));
        assertEquals(3, csv.size());
        assertEquals("sor,arrays,medium,100.000,10.000,150.000,90.000,8.0000,1.0000,1000,400.000,20.000,1.0000,0.1000,10",
                csv.get(1));
    }

    @Test
    void aBaseRunTooShortForAClockTickFallsBackToWallTime() {
        Results.Row series = row(Kernel.ALL.get(3), ms(0, 5), ms(10, 15), ms(10, 10), 100, 100);
        assertFalse(series.cpu());
        assertEquals(3.0, series.slowdown(Configuration.FT), 1e-9);
    }

    @Test
    void aProgramWithoutCpuTimesFallsBackToWallTimeAndSaysSo() {
        Results r = results();
        Results.Row crypt = row(Kernel.ALL.get(2), wallOnly(10), wallOnly(30), wallOnly(80), 100, 100);   // 3x and 8x
        r.add(crypt);
        assertFalse(crypt.cpu());
        assertEquals(2.0, crypt.overhead(Configuration.FT), 1e-9);
        assertEquals(Math.cbrt(9 * 2 * 3), r.geomeanSlowdown(Configuration.FT), 1e-9);
        assertTrue(r.textSummary().startsWith("summary (slowdowns from CPU time; from wall time for crypt, whose JVMs "
                + "counted no CPU time): FT geomean slowdown 3.78,"), r.textSummary());
        assertTrue(r.markdown().contains("| crypt | bytes | medium | - | 10.0 | - | 30.0 | - | 80.0 | 2.00 | 7.00 |"),
                r.markdown());
        assertTrue(r.markdown().endsWith("Overheads and slowdowns from CPU time; from wall time for crypt, whose JVMs "
                + "counted no CPU time.\n"), r.markdown());
        assertTrue(r.csv().lines().toList().get(3).startsWith("crypt,bytes,medium,10.000,,30.000,,2.0000,"), r.csv());
    }

    @Test
    void theChartIsAnSvgDocumentWithABarPerProgramAndConfiguration() throws Exception {
        Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(results().svg().getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", svg.getDocumentElement().getNodeName());
        // 2 programs x 2 configurations, plus a legend swatch per configuration
        assertEquals(2 * 2 + 2, svg.getElementsByTagName("rect").getLength());
        assertEquals("sor BF: 2.00x (wall time 4.00x)",
                svg.getElementsByTagName("rect").item(1).getTextContent());
    }
}
