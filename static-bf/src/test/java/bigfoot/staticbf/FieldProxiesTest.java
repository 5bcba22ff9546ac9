package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.Site;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.ClassNode;

/**
 * {@code --fields proxies} (the default): fields of a class checked together share one shadow and one check.
 * x, y and z are checked at exactly the same points (a symmetric group); a is checked wherever b is, and also on
 * its own (an asymmetric group: a's shadow stands for b); with {@code --fields per-field} each keeps its own.
 */
class FieldProxiesTest {

    private static final String VEC = """
            package px;

            public class Vec {
                double x, y, z;
                int a, b;
                volatile int v;

                Vec(double x, double y, double z) {
                    this.x = x;
                    this.y = y;
                    this.z = z;
                }

                double norm2() {
                    return x * x + y * y + z * z; // @norm-x
                }

                void scale(double k) {
                    x *= k; // @scale-x
                    y *= k;
                    z *= k;
                }

                void setAB(int n) {
                    a = n; // @set-a
                    b = n;
                }

                int a() {
                    return a; // a is checked without b here: a and b keep a shadow each
                }

                int sumAB() {
                    return a + b;
                }
            }
            """;

    @TempDir
    Path work;
    private TestJars.Run lastRun;

    private Path rewrite(String... extra) {
        Path in = TestJars.compileToJar(work, "px.jar", Map.of("px.Vec", VEC));
        Path out = work.resolve("px-checked-" + extra.length + ".jar");
        List<String> args = new ArrayList<>(List.of("--in", in.toString(), "--out", out.toString()));
        args.addAll(List.of(extra));
        TestJars.Run run = TestJars.staticbf(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run::err);
        lastRun = run;
        TestJars.assertVerifies(out);
        return out;
    }

    private static List<String> fieldNames(ClassNode c) {
        return c.fields.stream().map(f -> f.name).filter(n -> n.startsWith("__bf$") && !n.equals("__bf$sb")).sorted()
                .toList();
    }

    @Test
    void fieldsAlwaysCheckedTogetherShareOneShadowAndOneCheck() throws IOException {
        Path out = rewrite();
        ClassNode vec = classNode(out, "px.Vec");
        assertEquals(List.of("__bf$p$b#a", "__bf$p$y#x", "__bf$p$z#x", "__bf$r$a", "__bf$r$x", "__bf$s$a", "__bf$s$v",
                "__bf$s$x", "__bf$u$a", "__bf$u$v", "__bf$u$x", "__bf$w$a", "__bf$w$x"), fieldNames(vec),
                "y and z use x's shadow, b uses a's; v is volatile (no words)");
        assertEquals(List.of("writeField px.Vec.x/y/z@" + Sites.markedLine(VEC, "scale-x")), checks(vec, "scale"));
        assertEquals(List.of("readField px.Vec.x/y/z@" + Sites.markedLine(VEC, "norm-x")), checks(vec, "norm2"));
        assertEquals(List.of("writeField px.Vec.a (shadow shared with b, which may not have raced)@"
                + Sites.markedLine(VEC, "set-a")), checks(vec, "setAB"));

        Properties metadata = new Properties();
        metadata.load(new ByteArrayInputStream(TestJars.readJar(out).get("META-INF/bigfoot/instrumented.properties")));
        assertEquals("2", metadata.getProperty("proxies.groups"));
        assertEquals("x symmetric", metadata.getProperty("proxies.px.Vec.x/y/z"));
        assertEquals("a asymmetric", metadata.getProperty("proxies.px.Vec.a/b"));
        assertTrue(lastRun.out().contains("; 5 fields share 2 proxy shadows (1 asymmetric);"), lastRun.out());
    }

    private static List<String> checks(ClassNode c, String method) {
        List<Site> sites = Sites.table(c);
        return Sites.checks(method(c, method)).stream()
                .map(k -> k.entry() + " " + sites.get(k.siteId()).target() + "@" + sites.get(k.siteId()).line()).toList();
    }

    @Test
    void perFieldKeepsAShadowAndACheckPerField() {
        ClassNode vec = classNode(rewrite("--fields", "per-field"), "px.Vec");
        assertEquals(List.of("__bf$r$a", "__bf$r$b", "__bf$r$x", "__bf$r$y", "__bf$r$z", "__bf$s$a", "__bf$s$b", "__bf$s$v",
                "__bf$s$x", "__bf$s$y", "__bf$s$z", "__bf$u$a", "__bf$u$b", "__bf$u$v", "__bf$u$x", "__bf$u$y", "__bf$u$z",
                "__bf$w$a", "__bf$w$b", "__bf$w$x", "__bf$w$y", "__bf$w$z"), fieldNames(vec));
        assertEquals(3, checks(vec, "scale").size());
    }

    @Test
    void fasttrackPlacementChecksEveryAccessAloneSoNothingIsGrouped() {
        ClassNode vec = classNode(rewrite("--mode", "fasttrack"), "px.Vec");
        assertTrue(fieldNames(vec).stream().noneMatch(n -> n.startsWith("__bf$p$")), fieldNames(vec).toString());
    }
}
