package bigfoot.staticbf.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The progress line of long phases on a terminal (with a clock of our own: no real time is involved). */
class ProgressTest {

    private long now;

    @Test
    void aLongPhaseRewritesOneLineAtMostOnceASecondAndErasesIt() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Progress p = new Progress(out, "analysing methods", 4, () -> now);
        now += 400_000_000L;
        p.step();                  // 0.4 s: too soon
        now += 800_000_000L;
        p.step();                  // 1.2 s, 2 of 4 done: 1.2 s left
        now += 300_000_000L;
        p.step();                  // 1.5 s: too soon after the last line
        now += 2_000_000_000L;
        p.step();                  // the last one: nothing more to say
        p.end();
        String line = "staticbf: analysing methods 2/4 (50%), about 1 s left";
        assertEquals("\r" + line + "\r" + " ".repeat(line.length()) + "\r", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void nothingIsShownOffATerminal() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Diagnostics(new PrintStream(bytes, true, StandardCharsets.UTF_8)).progress("rewriting", 1);
        p.step();
        p.end();
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }
}
