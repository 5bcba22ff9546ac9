package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigTest {

    private static Config.ReportFile json(String file) {
        return new Config.ReportFile("json", Path.of(file));
    }

    @Test
    void agentOptions() {
        assertEquals(new Config(List.of(json("out/r.json")), null, true, true, false),
                Config.DEFAULT.withAgentOptions("report=json:out/r.json,fail-on-race,quiet"));
        assertEquals(new Config(List.of(json("r.json"), new Config.ReportFile("sarif", Path.of("r.sarif")),
                        new Config.ReportFile("html", Path.of("r.html"))), Path.of("known.txt"), false, false, false),
                Config.DEFAULT.withAgentOptions("report=json:r.json,report=sarif:r.sarif,report=html:r.html,suppress=known.txt"));
        assertEquals(Config.DEFAULT, Config.DEFAULT.withAgentOptions(null));
        assertEquals(Config.DEFAULT, Config.DEFAULT.withAgentOptions(""));
    }

    @Test
    void badAgentOptionsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.DEFAULT.withAgentOptions("quiet,verbose"));
        assertEquals("unknown agent option 'verbose' (expected report=json|sarif|html:FILE, suppress=FILE, fail-on-race, quiet, "
                + "all-stacks, arrays=fine|adaptive, find-capsules=FILE, record=FILE, tool=NAME, load-time=CLASSPATH)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Config.DEFAULT.withAgentOptions("report=xml:f"));
        assertThrows(IllegalArgumentException.class, () -> Config.DEFAULT.withAgentOptions("report=json:"));
        assertThrows(IllegalArgumentException.class, () -> Config.DEFAULT.withAgentOptions("suppress="));
    }

    @Test
    void systemPropertiesAndAgentOptionsOverride() {
        Properties p = new Properties();
        p.setProperty("bigfoot.report", "json:a.json");
        p.setProperty("bigfoot.failOnRace", "true");
        Config fromProps = Config.fromProperties(p);
        assertEquals(new Config(List.of(json("a.json")), null, true, false, false), fromProps);
        assertEquals(new Config(List.of(json("b.json")), null, true, true, false),
                fromProps.withAgentOptions("report=json:b.json,quiet"), "a report replaces the one of its format");
    }

    @Test
    void arraysModeComesFromThePropertyOrTheAgentOption() {
        Properties p = new Properties();
        p.setProperty("bigfoot.arrays", "adaptive");
        assertEquals(new Config(List.of(), null, false, false, true), Config.fromProperties(p));
        assertEquals(Config.DEFAULT, Config.fromProperties(p).withAgentOptions("arrays=fine"));
        p.setProperty("bigfoot.arrays", "coarse");
        assertEquals(Config.DEFAULT, Config.fromProperties(p), "a bad value is ignored");
        assertThrows(IllegalArgumentException.class, () -> Config.DEFAULT.withAgentOptions("arrays=blocks"));
    }

    @Test
    void allStacksComesFromThePropertyOrTheAgentOptionAndRoundTrips() {
        Properties p = new Properties();
        p.setProperty("bigfoot.allStacks", "true");
        Config all = Config.fromProperties(p);
        assertTrue(all.allStacks());
        assertEquals(all, Config.DEFAULT.withAgentOptions("all-stacks"));
        assertEquals("all-stacks", all.toAgentOptions());
        assertFalse(Config.DEFAULT.allStacks(), "by default the previous access's callers are kept on demand");
    }

    @Test
    void malformedReportPropertyIsIgnored() {
        Properties p = new Properties();
        p.setProperty("bigfoot.report", "xml:x");
        assertEquals(Config.DEFAULT, Config.fromProperties(p));
    }

    @Test
    void agentOptionStringRoundTrips() {
        Config c = new Config(List.of(json("r.json"), new Config.ReportFile("html", Path.of("r.html"))), Path.of("s.txt"),
                true, true, true);
        assertEquals("report=json:r.json,report=html:r.html,suppress=s.txt,fail-on-race,quiet,arrays=adaptive",
                c.toAgentOptions());
        Config loadTime = Config.DEFAULT.withLoadTime("static-bf-cli.jar");
        assertEquals("load-time=static-bf-cli.jar", loadTime.toAgentOptions());
        assertEquals(loadTime, Config.DEFAULT.withAgentOptions(loadTime.toAgentOptions()));
        Config discovery = Config.DEFAULT.withFindCapsules(Path.of("caps.txt"));
        assertEquals("find-capsules=caps.txt", discovery.toAgentOptions());
        assertEquals(discovery, Config.DEFAULT.withAgentOptions(discovery.toAgentOptions()));
        Config recording = Config.DEFAULT.withRecord(Path.of("run.std"));
        assertEquals("record=run.std", recording.toAgentOptions());
        assertEquals(recording, Config.DEFAULT.withAgentOptions(recording.toAgentOptions()));
        Config tool = Config.DEFAULT.withTool(TraceTool.DJIT);
        assertEquals("tool=djit", tool.toAgentOptions());
        assertEquals(tool, Config.DEFAULT.withAgentOptions(tool.toAgentOptions()));
        assertThrows(IllegalArgumentException.class, () -> recording.withTool(TraceTool.DJIT).checkFiles(),
                "a recorded run is FastTrack2's: record, then analyse with the tool");
        Properties p = new Properties();
        p.setProperty("bigfoot.findCapsules", "caps.txt");
        assertEquals(discovery, Config.fromProperties(p));
        assertEquals(c, Config.DEFAULT.withAgentOptions(c.toAgentOptions()));
        assertEquals("", Config.DEFAULT.toAgentOptions());
    }
}
