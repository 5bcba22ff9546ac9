package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ConfigTest {

    @Test
    void agentOptions() {
        assertEquals(new Config(Path.of("out/r.json"), true, true, false),
                Config.DEFAULT.withAgentOptions("report=json:out/r.json,fail-on-race,quiet"));
        assertEquals(Config.DEFAULT, Config.DEFAULT.withAgentOptions(null));
        assertEquals(Config.DEFAULT, Config.DEFAULT.withAgentOptions(""));
    }

    @Test
    void badAgentOptionsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.DEFAULT.withAgentOptions("quiet,verbose"));
        assertEquals("unknown agent option 'verbose' (expected report=json:FILE, fail-on-race, quiet, arrays=fine|adaptive)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Config.DEFAULT.withAgentOptions("report=xml:f"));
        assertThrows(IllegalArgumentException.class, () -> Config.DEFAULT.withAgentOptions("report=json:"));
    }

    @Test
    void systemPropertiesAndAgentOptionsOverride() {
        Properties p = new Properties();
        p.setProperty("bigfoot.report", "json:a.json");
        p.setProperty("bigfoot.failOnRace", "true");
        Config fromProps = Config.fromProperties(p);
        assertEquals(new Config(Path.of("a.json"), true, false, false), fromProps);
        assertEquals(new Config(Path.of("b.json"), true, true, false), fromProps.withAgentOptions("report=json:b.json,quiet"));
    }

    @Test
    void arraysModeComesFromThePropertyOrTheAgentOption() {
        Properties p = new Properties();
        p.setProperty("bigfoot.arrays", "adaptive");
        assertEquals(new Config(null, false, false, true), Config.fromProperties(p));
        assertEquals(Config.DEFAULT, Config.fromProperties(p).withAgentOptions("arrays=fine"));
        p.setProperty("bigfoot.arrays", "coarse");
        assertEquals(Config.DEFAULT, Config.fromProperties(p), "a bad value is ignored");
        assertThrows(IllegalArgumentException.class, () -> Config.DEFAULT.withAgentOptions("arrays=blocks"));
    }

    @Test
    void malformedReportPropertyIsIgnored() {
        Properties p = new Properties();
        p.setProperty("bigfoot.report", "html:x");
        assertEquals(Config.DEFAULT, Config.fromProperties(p));
    }

    @Test
    void agentOptionStringRoundTrips() {
        Config c = new Config(Path.of("r.json"), true, true, true);
        assertEquals("report=json:r.json,fail-on-race,quiet,arrays=adaptive", c.toAgentOptions());
        assertEquals(c, Config.DEFAULT.withAgentOptions(c.toAgentOptions()));
        assertEquals("", Config.DEFAULT.toAgentOptions());
    }
}
