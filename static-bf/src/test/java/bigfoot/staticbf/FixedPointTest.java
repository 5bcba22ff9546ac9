package bigfoot.staticbf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bigfoot analysis reaches its fixed point on a loop entered after a call that releases (derby's
 * {@code SQLChar.getCollationKey}): the location read before the call and again after it is checked on the way into
 * the loop with one representative access or the other, and the placement pass's edges once made the loop's state
 * cycle between the two, so the method was left to fasttrack.
 */
class FixedPointTest {

    private static final String KEY = """
            package fp;

            public class Key {
                char[] rawData;
                int rawLength;
                Object cKey;

                synchronized char[] getCharArray() {
                    return rawData;
                }

                synchronized Object collator() {
                    return this;
                }

                Object getCollationKey() {
                    if (cKey != null) {
                        return cKey;
                    }
                    if (rawLength == -1) {
                        char[] data = getCharArray();
                        if (data == null) {
                            return null;
                        }
                    }
                    int last = rawLength;
                    while (last > 0 && rawData[last - 1] == ' ') {
                        last--;
                    }
                    Object c = collator();
                    cKey = new String(rawData, 0, last) + c;
                    return cKey;
                }
            }
            """;

    @TempDir
    Path work;

    @Test
    void aLoopAfterAReleasingCallIsAnalysed() {
        Path in = TestJars.writeJar(work.resolve("in.jar"), TestJars.compile(work, Map.of("fp/Key.java", KEY)));
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", work.resolve("out.jar").toString());
        assertEquals(0, run.exitCode(), run::err);
        assertFalse(run.err().contains("could not be analysed"), run.err());
        assertTrue(run.out().contains(", 0 left to fasttrack"), run.out());
    }
}
