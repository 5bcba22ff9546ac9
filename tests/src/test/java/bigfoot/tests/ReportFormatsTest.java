package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The SARIF and HTML reports of a racy corpus program: the SARIF log is valid against the SARIF 2.1.0 JSON schema
 * and locates each race at its source line; the HTML page lists each race of the JSON report with both accesses.
 */
class ReportFormatsTest {

    private static Path json;
    private static Path sarif;
    private static Path html;
    private static RaceReport report;

    @BeforeAll
    static void runARacyProgram() throws Exception {
        Path runs = Workspace.fresh("report-formats");
        json = runs.resolve("races.json");
        sarif = runs.resolve("races.sarif");
        html = runs.resolve("races.html");
        ChildJvm.Result run = ChildJvm.run(List.of("-javaagent:" + ChildJvm.runtimeJar() + "=quiet,report=json:" + json
                + ",report=sarif:" + sarif + ",report=html:" + html, "-cp", RewrittenJars.corpus().toString(),
                "corpus.WriteReadRace"), runs.resolve("write-read"));
        assertEquals(0, run.exit(), run::stderrTail);
        report = RaceReport.read(json);
        assertTrue(report.races().size() >= 1, "the program races");
    }

    @Test
    void sarifIsValidAgainstTheSarif210Schema() throws Exception {
        JsonSchema schema;
        try (InputStream in = ReportFormatsTest.class.getResourceAsStream("/schema/sarif-schema-2.1.0.json")) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
        }
        JsonNode log = new ObjectMapper().readTree(Files.readString(sarif));
        Set<ValidationMessage> errors = schema.validate(log);
        assertEquals(Set.of(), errors, "schema violations");
        JsonNode results = log.get("runs").get(0).get("results");
        assertEquals(report.races().size(), results.size(), "one result per race");
        for (JsonNode r : results) {
            JsonNode at = r.get("locations").get(0).get("physicalLocation");
            assertEquals("corpus/WriteReadRace.java", at.get("artifactLocation").get("uri").asText());
            assertTrue(at.get("region").get("startLine").asInt() > 0);
            assertTrue(r.get("relatedLocations").get(0).get("message").get("text").asText().startsWith("previous "));
        }
    }

    @Test
    void htmlListsEachRaceWithBothAccesses() throws Exception {
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.endsWith("</body></html>\n"));
        for (RaceReport.Race r : report.races()) {
            int row = page.indexOf("<tr id=\"race-");
            assertTrue(row >= 0, page);
            for (RaceReport.Access a : List.of(r.current(), r.previous())) {
                RaceReport.SiteRef s = a.site();
                String where = s.className() + "." + s.method() + "(" + s.file() + ":" + s.line() + ")";
                assertTrue(page.contains("<code>" + where + "</code>"), where + " in\n" + page);
            }
        }
        assertEquals(report.races().size(), page.split("<tr id=\"race-", -1).length - 1, "one row per race");
    }
}
