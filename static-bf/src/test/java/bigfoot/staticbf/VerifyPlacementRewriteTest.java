package bigfoot.staticbf;

import bigfoot.staticbf.tool.Diagnostics;
import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static bigfoot.staticbf.TestJars.runtimeCalls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.RuntimeApi;
import bigfoot.rt.RT;
import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.jar.JarRewriter;
import bigfoot.staticbf.placement.Placement;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;

/** {@code --verify-placement}: an access event at every access the fasttrack placement checks, after its check. */
class VerifyPlacementRewriteTest {

    @TempDir
    Path work;

    private Path rewrite(String... extra) {
        Path in = TestJars.writeJar(work.resolve("in.jar"),
                TestJars.compile(work, Map.of("app/Account.java", FieldAndArrayChecksTest.ACCOUNT)));
        Path out = work.resolve("out" + extra.length + ".jar");
        List<String> args = new java.util.ArrayList<>(List.of("--in", in.toString(), "--out", out.toString(),
                "--mode", "fasttrack"));
        args.addAll(List.of(extra));
        TestJars.Run run = TestJars.staticbf(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run::err);
        return out;
    }

    @Test
    void everyCheckedAccessGetsAnAccessEventRightAfterItsCheck() {
        Path out = rewrite("--verify-placement");
        ClassNode account = classNode(out, "app.Account");
        assertEquals(List.of("readField", "accessField", "writeField", "accessField",
                "readStatic", "accessStatic", "writeStatic", "accessStatic", "readField", "accessField",
                "writeArray", "accessArray", "readField", "accessField", "readField", "accessField",
                "readArray", "accessArray", "writeArray", "accessArray", "volatileWriteField",
                "volatileReadStatic", "volatileWriteStatic", "volatileReadField"),
                runtimeCalls(method(account, "deposit")));
        assertEquals("verifyPlacement", runtimeCalls(method(account, "<clinit>")).get(0),
                "verify mode is switched on before the class's first site is registered");
        TestJars.assertVerifies(out);
    }

    @Test
    void aCheckAndItsAccessEventShareOneSite() throws Exception {
        Path plain = rewrite();
        Path verified = rewrite("--verify-placement");
        assertEquals(Sites.table(classNode(plain, "app.Account")), Sites.table(classNode(verified, "app.Account")),
                "the same site table with or without access events");
        List<RT.Event> events = runDeposit(verified);
        List<String> entries = events.stream().map(RT.Event::entry).toList();
        assertEquals(List.of("readField", "accessField:r", "writeField", "accessField:w", "readStatic",
                "accessStatic:r", "writeStatic", "accessStatic:w", "readField", "accessField:r", "writeArray",
                "accessArray:w", "readField", "accessField:r", "readField", "accessField:r", "readArray",
                "accessArray:r", "writeArray", "accessArray:w", "volatileWriteField", "volatileReadStatic",
                "volatileWriteStatic", "volatileReadField"), entries);
        for (int i = 0; i < 20; i += 2) {
            assertEquals(events.get(i).site(), events.get(i + 1).site(), "site of event " + (i + 1));
            assertEquals(events.get(i).subject(), events.get(i + 1).subject(), "subject of event " + (i + 1));
        }
    }

    @Test
    void metadataSaysWhetherAccessEventsWereAdded() throws IOException {
        assertEquals("true", metadata(rewrite("--verify-placement")).getProperty("verify"));
        assertEquals("false", metadata(rewrite()).getProperty("verify"));
    }

    @Test
    void accessEventsDoNotDependOnThePlacement() throws Exception {
        Path in = TestJars.writeJar(work.resolve("in.jar"),
                TestJars.compile(work, Map.of("app/Account.java", FieldAndArrayChecksTest.ACCOUNT)));
        Path out = work.resolve("writes-only.jar");
        Placement writesOnly = (owner, method, access, bci) -> access.getOpcode() == Opcodes.PUTFIELD;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JarRewriter.rewrite(Options.parse(new String[] {"--in", in.toString(), "--out", out.toString(),
                "--verify-placement"}), writesOnly, new Diagnostics(new PrintStream(err, true, StandardCharsets.UTF_8)));
        List<String> calls = runtimeCalls(method(classNode(out, "app.Account"), "deposit"));
        assertEquals(List.of("accessField", "writeField", "accessField", "accessStatic", "accessStatic",
                "accessField", "accessArray", "accessField", "accessField", "accessArray", "accessArray",
                "volatileWriteField", "volatileReadStatic", "volatileWriteStatic", "volatileReadField"), calls);
        TestJars.assertVerifies(out);
    }

    @Test
    void verifyPlacementTakesNoValue() {
        TestJars.Run run = TestJars.staticbf("--in", "a.jar", "--out", "b.jar", "--verify-placement=yes");
        assertEquals(2, run.exitCode());
        assertEquals("staticbf: error: --verify-placement takes no value", run.err().strip());
    }

    private static List<RT.Event> runDeposit(Path jar) throws Exception {
        try (URLClassLoader loader = TestJars.loader(jar)) {
            Class<?> c = Class.forName("app.Account", true, loader);
            Object account = c.getConstructor(int.class).newInstance(40);
            RT.reset();
            assertEquals(41, c.getMethod("deposit", int.class).invoke(account, 2));
            return RT.events();
        }
    }

    private static Properties metadata(Path jar) throws IOException {
        byte[] bytes = TestJars.readJar(jar).get(RuntimeApi.METADATA_RESOURCE);
        assertTrue(bytes != null, "no metadata in " + jar);
        Properties p = new Properties();
        p.load(new StringReader(new String(bytes, StandardCharsets.ISO_8859_1)));
        return p;
    }
}
