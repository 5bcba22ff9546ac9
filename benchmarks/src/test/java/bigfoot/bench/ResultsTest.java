package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The tables and the chart a harness run writes, from measurements made up here (no timing involved). */
class ResultsTest {

    private static Results.Row row(Kernel k, double base, double ft, double bf, long ftChecks, long bfChecks) {
        Map<Configuration, Double> medians = new EnumMap<>(Configuration.class);
        medians.put(Configuration.BASE, base);
        medians.put(Configuration.FT, ft);
        medians.put(Configuration.BF, bf);
        Map<Configuration, ReportSummary> summaries = new EnumMap<>(Configuration.class);
        summaries.put(Configuration.FT, new ReportSummary(0, true, ftChecks, 1000 * 1024, OptionalInt.empty(), Optional.empty()));
        summaries.put(Configuration.BF, new ReportSummary(0, true, bfChecks, 10 * 1024 + 1023, OptionalInt.empty(), Optional.empty()));
        return new Results.Row(k, base, medians, summaries);
    }

    private static Results results() {
        Results r = new Results(List.of(Configuration.FT, Configuration.BF));
        r.add(row(Kernel.ALL.get(0), 10, 90, 20, 1000, 100));   // 9x and 2x, ratio 0.1
        r.add(row(Kernel.ALL.get(1), 20, 40, 40, 500, 250));    // 2x and 2x, ratio 0.5
        return r;
    }

    @Test
    void theSummaryIsTheGeometricMeanSlowdownAndTheMeanRatio() {
        Results r = results();
        assertEquals(Math.sqrt(9 * 2), r.geomeanSlowdown(Configuration.FT), 1e-9);
        assertEquals(2.0, r.geomeanSlowdown(Configuration.BF), 1e-9);
        assertEquals(0.3, r.meanRatio(Configuration.BF), 1e-9);
        assertEquals("summary: FT geomean slowdown 4.24, mean ratio 1.000; BF geomean slowdown 2.00, mean ratio 0.300;",
                r.textSummary());
    }

    @Test
    void markdownAndCsvHoldARowPerProgramAndTheSummary() {
        Results r = results();
        List<String> md = r.markdown().lines().toList();
        assertEquals(5, md.size(), r.markdown());
        assertEquals("| **geomean slowdown / mean ratio** | | | | **4.24x** | **2.00x** | **1.000** | **0.300** | 2000 | 20 |",
                md.get(4));
        List<String> csv = r.csv().lines().toList();
        assertEquals("program,stresses,size,base_ms,ft_ms,ft_overhead,ft_ratio,ft_array_kb,bf_ms,bf_overhead,bf_ratio,"
                + "bf_array_kb", csv.get(0));
        assertEquals(3, csv.size());
        assertTrue(csv.get(1).endsWith(",90.000,8.0000,1.0000,1000,20.000,1.0000,0.1000,10"), csv.get(1));
    }

    @Test
    void theChartIsAnSvgDocumentWithABarPerProgramAndConfiguration() throws Exception {
        Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(results().svg().getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", svg.getDocumentElement().getNodeName());
        // 2 programs x 2 configurations, plus a legend swatch per configuration
        assertEquals(2 * 2 + 2, svg.getElementsByTagName("rect").getLength());
    }
}
