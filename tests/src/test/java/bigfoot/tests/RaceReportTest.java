package bigfoot.tests;

import bigfoot.ir.Json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The harness's own JSON reader and report model, so a corpus failure is never a harness bug. */
class RaceReportTest {

    private static final String SITE = "{\"class\":\"corpus.A\",\"method\":\"run\",\"file\":\"A.java\",\"line\":12}";
    private static final String REPORT = """
            {"races":[
              {"kind":"write-write","target":{"type":"field","class":"corpus.A$B","field":"x","index":null},
               "previous":{"thread":"worker-0","op":"write","site":%1$s},
               "current":{"thread":"worker-1","op":"write","site":%1$s}},
              {"kind":"shared-write","target":{"type":"array","class":"int[][]","field":null,"index":3},
               "previous":{"thread":"main \\"quoted\\" \\u00e9","op":"read","site":%1$s},
               "current":{"thread":"t","op":"write","site":%1$s}}],
             "summary":{"races":2,"checks":120,"threads":3,"complete":false}}
            """.formatted(SITE);

    @Test
    void readsTheAgreedSchema() {
        RaceReport r = RaceReport.parse(REPORT);
        assertEquals(Set.of("corpus.A$B.x", "int[][3]"), r.locations());
        assertEquals("main \"quoted\" \u00e9", r.races().get(1).previous().thread());
        assertEquals(new RaceReport.SiteRef("corpus.A", "run", "A.java", 12), r.races().get(0).current().site());
        assertEquals(new RaceReport.Summary(2, 120, 3, false), r.summary());
    }

    @Test
    void readsAnEmptyReport() {
        RaceReport r = RaceReport.parse("{\"races\":[],\"summary\":{\"races\":0,\"checks\":5,\"threads\":1,\"complete\":true}}");
        assertEquals(List.of(), r.races());
        assertTrue(r.summary().complete());
    }

    @Test
    void namesTheMissingMember() {
        String noLine = REPORT.replaceFirst(",\"line\":12", "");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RaceReport.parse(noLine));
        assertEquals("report.races[0].previous.site lacks \"line\"", e.getMessage());
    }

    @Test
    void rejectsMalformedJson() {
        for (String bad : List.of("{\"races\":[}", "{\"races\":[]", "{\"a\":1,\"a\":2}", "[1,2] x", "{\"s\":\"\\q\"}")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("JSON: "), e.getMessage());
        }
    }

    @Test
    void readsNumbersAndLiterals() {
        assertEquals(List.of(-3L, 2.5, 1.0e3, true, false), Json.parse("[-3, 2.5, 1e3, true, false]"));
        assertEquals(java.util.Arrays.asList((Object) null), Json.parse(" [ null ] "));
    }
}
