package bigfoot.rt;

import bigfoot.ir.AccessOp;
import bigfoot.ir.Site;
import bigfoot.rt.report.CapsuleViolation;
import bigfoot.rt.report.HtmlReport;
import bigfoot.rt.report.JsonReport;
import bigfoot.rt.report.Race;
import bigfoot.rt.report.RaceKind;
import bigfoot.rt.report.SarifReport;
import bigfoot.rt.report.Summary;
import bigfoot.rt.report.Target;
import bigfoot.rt.report.TextReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a user reads: the text report, deduplication, the JSON report and its escaping. */
class ReportTest {

    private static final String COUNTER_TABLE = "demo.Counter\tCounter.java"
            + "\nrun\t3\t14\tw\tdemo.Counter.count"
            + "\nget\t1\t20\tr\tdemo.Counter.count"
            + "\nfill\t9\t30\tw\t[]";

    private final Engine engine = new Engine(Config.DEFAULT);
    private final int base = engine.sites.register(COUNTER_TABLE);
    private final ThreadState main = engine.threads.current();

    @Test
    void textReportNamesBothAccessesAndTheSummary() throws InterruptedException {
        VarState count = new VarState();
        Workers.forkAndRun(engine.threads, main, "worker-1", ts -> engine.detector.write(ts, count, base));
        Workers.forkAndRun(engine.threads, main, "worker-2", ts -> engine.detector.write(ts, count, base));
        assertEquals("== DynamicBF: write-write race on field demo.Counter.count\n"
                + "   current:  write by thread \"worker-2\" at demo.Counter.run(Counter.java:14)\n"
                + "   previous: write by thread \"worker-1\" at demo.Counter.run(Counter.java:14)\n"
                + "== DynamicBF summary: 1 race, 2 checks, 3 threads\n", text());
    }

    @Test
    void racesAreDeduplicatedPerSitePairAndKindButAllCounted() throws InterruptedException {
        VarState count = new VarState();
        for (int i = 1; i <= 3; i++) {
            Workers.forkAndRun(engine.threads, main, "w" + i, ts -> engine.detector.write(ts, count, base));
        }
        Workers.forkAndRun(engine.threads, main, "reader", ts -> engine.detector.read(ts, count, base + 1));
        List<Race> races = engine.races();
        assertEquals(2, races.size());
        assertEquals(RaceKind.WRITE_WRITE, races.get(0).kind());
        assertEquals(2, races.get(0).occurrences());
        assertEquals(RaceKind.WRITE_READ, races.get(1).kind());
        assertEquals("get", races.get(1).current().site().method());
        assertEquals("w3", races.get(1).previous().thread());
        assertEquals("== DynamicBF: write-write race on field demo.Counter.count (2 occurrences)", text().lines().findFirst().get());
    }

    @Test
    void staticAndArrayTargetsAreDescribed() throws InterruptedException {
        VarState total = new StaticVarState(new ClassInitState());
        VarState element = new ArrayVarState(long[][].class, 5, 6, 1);
        for (String name : new String[] {"a", "b"}) {
            Workers.forkAndRun(engine.threads, main, name, ts -> {
                engine.detector.write(ts, total, base);
                engine.detector.write(ts, element, base + 2);
            });
        }
        List<Race> races = engine.races();
        assertEquals(2, races.size());
        assertEquals(new Target("static", "demo.Counter", "count", null), races.get(0).target());
        assertEquals("static field demo.Counter.count", races.get(0).target().describe());
        assertEquals(new Target("array", "long[][]", null, 5), races.get(1).target());
        assertEquals("array long[][] index 5", races.get(1).target().describe());
        assertEquals("demo.Counter.fill(Counter.java:30)", races.get(1).current().where());
    }

    @Test
    void unknownSitesAreReportedByNumber() throws InterruptedException {
        VarState v = new VarState();
        Workers.forkAndRun(engine.threads, main, "a", ts -> engine.detector.write(ts, v, 999));
        Workers.forkAndRun(engine.threads, main, "b", ts -> engine.detector.write(ts, v, 998));
        Race race = engine.races().get(0);
        assertEquals("unknown site #998", race.current().where());
        assertEquals(new Target("field", "?", "?", null), race.target());
    }

    @Test
    void jsonReportFollowsTheSchema() {
        Site site = new Site("demo.Counter", "Counter.java", "run", 3, 14, AccessOp.WRITE, "demo.Counter.count");
        Race race = new Race(RaceKind.WRITE_WRITE, new Target("field", "demo.Counter", "count", null),
                new Race.Access("worker-1", AccessOp.WRITE, site, 0), new Race.Access("worker-2", AccessOp.WRITE, site, 0), 4);
        Race array = new Race(RaceKind.SHARED_WRITE, new Target("array", "int[]", null, 3),
                new Race.Access("r", AccessOp.READ, null, 77),
                new Race.Access("w", AccessOp.WRITE, new Site("X", null, "m", 0, -1, AccessOp.WRITE, Site.ARRAY), 1), 1);
        assertEquals("{\"races\":[\n"
                + "{\"id\":\"" + race.id() + "\",\"kind\":\"write-write\",\"occurrences\":4,\"target\":{\"type\":\"field\",\"class\":\"demo.Counter\",\"field\":\"count\",\"index\":null},"
                + "\"previous\":{\"thread\":\"worker-1\",\"op\":\"write\",\"site\":{\"class\":\"demo.Counter\",\"method\":\"run\",\"file\":\"Counter.java\",\"line\":14}},"
                + "\"current\":{\"thread\":\"worker-2\",\"op\":\"write\",\"site\":{\"class\":\"demo.Counter\",\"method\":\"run\",\"file\":\"Counter.java\",\"line\":14}}},\n"
                + "{\"id\":\"" + array.id() + "\",\"kind\":\"shared-write\",\"occurrences\":1,\"target\":{\"type\":\"array\",\"class\":\"int[]\",\"field\":null,\"index\":3},"
                + "\"previous\":{\"thread\":\"r\",\"op\":\"read\",\"site\":null},"
                + "\"current\":{\"thread\":\"w\",\"op\":\"write\",\"site\":{\"class\":\"X\",\"method\":\"m\",\"file\":null,\"line\":null}}}],\n"
                + "\"summary\":{\"races\":2,\"checks\":10,\"threads\":3,\"complete\":true,\"arrayShadowBytes\":7,"
                + "\"suppressed\":0}}\n",
                JsonReport.render(List.of(race, array), List.of(), null, new Summary(2, 10, 3, true, 7, 0)));
    }

    @Test
    void jsonFileIsWrittenAtReport(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("races.json");
        Engine quiet = new Engine(new Config(List.of(new Config.ReportFile("json", file)), null, false, true, false));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, quiet.report(new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertEquals("", err.toString(StandardCharsets.UTF_8), "quiet: no text report");
        assertEquals("{\"races\":[],\n\"summary\":{\"races\":0,\"checks\":0,\"threads\":0,\"complete\":true,\"arrayShadowBytes\":0,"
                + "\"suppressed\":0}}\n",
                java.nio.file.Files.readString(file));
    }

    private static Race counterRace(RaceKind kind, int previousLine) {
        Site current = new Site("demo.Counter", "Counter.java", "run", 3, 14, AccessOp.WRITE, "demo.Counter.count");
        Site previous = new Site("demo.Counter", "Counter.java", "get", 1, previousLine, kind.previous, "demo.Counter.count");
        return new Race(kind, new Target("field", "demo.Counter", "count", null),
                new Race.Access("worker-1", kind.previous, previous, 1), new Race.Access("worker<2>", kind.current, current, 0), 3);
    }

    @Test
    void raceIdsAreStableNamesOfASitePairAndKind() {
        Race race = counterRace(RaceKind.WRITE_WRITE, 20);
        assertTrue(race.id().matches("[0-9a-f]{16}"), race.id());
        assertEquals(race.id(), counterRace(RaceKind.WRITE_WRITE, 99).id(), "lines may move, bytecode sites name the race");
        assertNotEquals(race.id(), counterRace(RaceKind.READ_WRITE, 20).id());
    }

    @Test
    void sarifLocatesTheRaceAtTheCurrentAccessWithThePreviousAsRelated() {
        Race race = counterRace(RaceKind.WRITE_WRITE, 20);
        String sarif = SarifReport.render(List.of(race), List.of());
        assertTrue(sarif.startsWith("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\""), sarif);
        assertTrue(sarif.contains("\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"demo/Counter.java\","
                + "\"uriBaseId\":\"SRCROOT\"},\"region\":{\"startLine\":14}}"), sarif);
        assertTrue(sarif.contains("\"relatedLocations\":[{\"id\":1,\"message\":{\"text\":\"previous write by thread \\\"worker-1\\\" at "
                + "demo.Counter.get(Counter.java:20)\"},\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"demo/Counter.java\","
                + "\"uriBaseId\":\"SRCROOT\"},\"region\":{\"startLine\":20}}"), sarif);
        assertTrue(sarif.contains("\"partialFingerprints\":{\"bigfootRaceId/v1\":\"" + race.id() + "\"}"), sarif);
        assertTrue(sarif.contains("\"ruleId\":\"data-race\",\"ruleIndex\":0,\"level\":\"error\",\"message\":{\"text\":"
                + "\"write-write race on field demo.Counter.count: write by thread \\\"worker<2>\\\" at demo.Counter.run(Counter.java:14)"),
                sarif);
    }

    @Test
    void htmlListsEachRaceWithBothAccessesEscaped() {
        Race race = counterRace(RaceKind.WRITE_WRITE, 20);
        String html = HtmlReport.render(List.of(race), List.of(), new Summary(1, 5, 3, true, 0, 2));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("<p>1 race, 5 checks, 3 threads, 2 suppressed.</p>"), html);
        assertTrue(html.contains("<tr id=\"race-" + race.id() + "\"><td><code>" + race.id() + "</code></td>"
                + "<td>write-write race on field demo.Counter.count</td>"
                + "<td>write by thread &quot;worker&lt;2&gt;&quot;<br><code>demo.Counter.run(Counter.java:14)</code></td>"
                + "<td>write by thread &quot;worker-1&quot;<br><code>demo.Counter.get(Counter.java:20)</code></td><td>3</td></tr>"), html);
    }

    @Test
    void suppressedRacesAreLeftOutAndCounted(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path rules = dir.resolve("known-races.txt");
        java.nio.file.Files.writeString(rules, "# accepted\nfield demo.Count*.count   # the counter is a statistic\n");
        java.nio.file.Path json = dir.resolve("races.json");
        Engine e = new Engine(new Config(List.of(new Config.ReportFile("json", json)), rules, false, false, false));
        int b = e.sites.register(COUNTER_TABLE);
        ThreadState m = e.threads.current();
        VarState count = new VarState();
        Workers.forkAndRun(e.threads, m, "a", ts -> e.detector.write(ts, count, b));
        Workers.forkAndRun(e.threads, m, "b", ts -> e.detector.write(ts, count, b));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, e.report(new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertEquals("== DynamicBF summary: 0 races, 2 checks, 3 threads, 1 suppressed\n",
                err.toString(StandardCharsets.UTF_8));
        assertTrue(java.nio.file.Files.readString(json).contains("\"races\":0,"));
    }

    @Test
    void aBadSuppressionsFileSuppressesNothingAndSaysWhy(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path rules = dir.resolve("bad.txt");
        java.nio.file.Files.writeString(rules, "ignore everything\n");
        Engine e = new Engine(new Config(List.of(), rules, false, false, false));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        e.report(new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals("DynamicBF: ignoring the suppressions file " + rules + ": " + rules
                + ":1: expected 'field|array|class|method|race PATTERN', got 'ignore everything'",
                err.toString(StandardCharsets.UTF_8).lines().findFirst().get());
    }

    @Test
    void capsuleViolationsFollowTheRacesInEveryFormatAndCountAsFindings() {
        Race race = counterRace(RaceKind.WRITE_WRITE, 20);
        CapsuleViolation v = CapsuleViolation.of("demo.Account", race);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TextReport.write(List.of(), List.of(v), null, new Summary(0, 5, 3, true, 0, 0),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("== DynamicBF: capsule violation of demo.Account: unordered write-write accesses"
                + " (3 occurrences)\n   current:  write by thread \"worker<2>\" at demo.Counter.run(Counter.java:14)\n"), text);
        assertTrue(text.contains("\n   previous: write by thread \"worker-1\" at demo.Counter.get(Counter.java:20)\n"), text);
        assertTrue(text.endsWith("3 threads, 1 capsule violation\n"), text);
        String json = JsonReport.render(List.of(), List.of(v), null, new Summary(0, 5, 3, true, 0, 0));
        assertTrue(json.contains("\"capsuleViolations\":[\n{\"class\":\"demo.Account\",\"kind\":\"write-write\","
                + "\"occurrences\":3,\"previous\":{"), json);
        assertTrue(json.contains(",\"capsuleViolations\":1}"), json);
        String sarif = SarifReport.render(List.of(), List.of(v));
        assertTrue(sarif.contains("{\"ruleId\":\"capsule-violation\",\"ruleIndex\":1,"), sarif);
        assertTrue(sarif.contains("\"bigfootCapsuleId/v1\":\"" + v.id() + "\""), sarif);
        assertTrue(!v.id().equals(race.id()), "a violation's id is not its race's");
        assertTrue(HtmlReport.render(List.of(), List.of(v), new Summary(0, 5, 3, true, 0, 0))
                .contains("demo.Account: unordered write-write accesses"));
    }

    private String text() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<Race> races = engine.races();
        TextReport.write(races, List.of(), null, engine.summary(races), new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
