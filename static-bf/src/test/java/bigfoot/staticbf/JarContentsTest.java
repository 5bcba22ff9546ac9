package bigfoot.staticbf;

import bigfoot.staticbf.tool.ToolVersion;
import static bigfoot.staticbf.TestJars.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.RuntimeApi;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The output jar keeps every input entry, drops signatures, adds metadata, and is never rewritten twice. */
class JarContentsTest {

    private static final String STORED = "app/data.bin";

    @TempDir
    Path work;

    /** A signed multi-release modular jar with resources, directories and one stored entry. */
    private Path inputJar() throws IOException {
        Map<String, byte[]> classes = TestJars.compile(work, Map.of(
                "module-info.java", "module app { exports app; }",
                "app/package-info.java", "@Deprecated\npackage app;",
                "app/Account.java", FieldAndArrayChecksTest.ACCOUNT));
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("META-INF/", new byte[0]);
        entries.put("META-INF/MANIFEST.MF", utf8("Manifest-Version: 1.0\r\nMulti-Release: true\r\n\r\n"));
        entries.put("META-INF/APP.SF", utf8("Signature-Version: 1.0\r\n\r\n"));
        entries.put("META-INF/APP.RSA", new byte[] {1, 2, 3});
        entries.put("META-INF/versions/11/app/Account.class", classes.get("app/Account.class"));
        entries.put("module-info.class", classes.get("module-info.class"));
        entries.put("app/", new byte[0]);
        entries.put("app/package-info.class", classes.get("app/package-info.class"));
        entries.put("app/Account.class", classes.get("app/Account.class"));
        entries.put("app/config.properties", utf8("greeting=hello\n"));
        entries.put(STORED, new byte[] {0, 1, 2, 3, 4, 5, 6, 7});
        Path jar = work.resolve("in.jar");
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                ZipEntry entry = new ZipEntry(e.getKey());
                if (e.getKey().equals(STORED)) {
                    CRC32 crc = new CRC32();
                    crc.update(e.getValue());
                    entry.setMethod(ZipEntry.STORED);
                    entry.setSize(e.getValue().length);
                    entry.setCrc(crc.getValue());
                }
                zip.putNextEntry(entry);
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void everyEntryIsKeptInOrderAndOnlyClassesChange() throws IOException {
        Path in = inputJar();
        Path out = work.resolve("out.jar");
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", "fasttrack");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("staticbf: warning: removed 2 signature files [META-INF/APP.SF, META-INF/APP.RSA]: "
                + "the rewritten jar is no longer signed"), run.errLines());
        assertTrue(run.out().startsWith("staticbf: wrote " + out + " (fasttrack): 2 classes rewritten, 0 unchanged, "
                + "2 skipped, 0 already instrumented; checks: "), run.out());

        Map<String, byte[]> before = TestJars.readJar(in);
        Map<String, byte[]> after = TestJars.readJar(out);
        List<String> expectedNames = new ArrayList<>(before.keySet());
        expectedNames.removeAll(List.of("META-INF/APP.SF", "META-INF/APP.RSA"));
        expectedNames.add(RuntimeApi.METADATA_RESOURCE);
        assertEquals(expectedNames, new ArrayList<>(after.keySet()));
        for (String name : expectedNames) {
            boolean rewritten = name.endsWith("app/Account.class");
            if (rewritten) {
                assertNotEquals(new String(before.get(name), java.nio.charset.StandardCharsets.ISO_8859_1),
                        new String(after.get(name), java.nio.charset.StandardCharsets.ISO_8859_1), name);
                assertTrue(TestJars.classNode(after.get(name)).fields.stream().anyMatch(f -> f.name.equals("__bf$sb")),
                        name + " is rewritten, multi-release versions too");
            } else if (!name.equals(RuntimeApi.METADATA_RESOURCE)) {
                assertArrayEquals(before.get(name), after.get(name), name);
            }
        }
        try (ZipFile zip = new ZipFile(out.toFile())) {
            assertEquals(ZipEntry.STORED, zip.getEntry(STORED).getMethod(), "a stored entry stays stored");
            assertTrue(zip.getEntry("app/").isDirectory());
        }
        Properties metadata = new Properties();
        metadata.load(new StringReader(new String(after.get(RuntimeApi.METADATA_RESOURCE),
                java.nio.charset.StandardCharsets.ISO_8859_1)));
        assertEquals("fasttrack", metadata.getProperty("mode"));
        assertEquals("2", metadata.getProperty("classes.rewritten"));
        assertEquals(ToolVersion.get(), metadata.getProperty("tool.version"));
        assertFalse(ToolVersion.get().contains("${"), "the version is stamped by the build");
        assertEquals("24", metadata.getProperty("sites"), "12 sites in each copy of Account");
        assertEquals("8", metadata.getProperty("calls.readField"));
        assertEquals("4", metadata.getProperty("calls.writeArray"));
    }

    @Test
    void aSecondRunCopiesRewrittenClassesUnchanged() throws IOException {
        Path once = work.resolve("once.jar");
        Path twice = work.resolve("twice.jar");
        assertEquals(0, TestJars.staticbf("--in", inputJar().toString(), "--out", once.toString(), "--mode", "fasttrack").exitCode());
        TestJars.Run second = TestJars.staticbf("--in", once.toString(), "--out", twice.toString(), "--mode", "fasttrack");
        assertEquals(0, second.exitCode(), second.err());
        assertEquals(List.of("staticbf: warning: 2 classes already instrumented by staticbf, copied unchanged "
                + "(e.g. app.Account)"), second.errLines());
        assertTrue(second.out().contains(": 0 classes rewritten, 0 unchanged, 2 skipped, 2 already instrumented; "
                + "checks: 0 field, 0 static, 0 array, 0 array range, 0 foreign"), second.out());
        Map<String, byte[]> first = TestJars.readJar(once);
        Map<String, byte[]> again = TestJars.readJar(twice);
        assertEquals(first.keySet(), again.keySet(), "the metadata resource is replaced, not duplicated");
        for (String name : first.keySet()) {
            if (name.endsWith(".class")) {
                assertArrayEquals(first.get(name), again.get(name), name);
            }
        }
    }

    @Test
    void racesMarkedIntendedBecomeSuppressionRulesInTheOutputAndASecondRunKeepsOneCopy() throws IOException {
        Path in = TestJars.compileToJar(work, "intended.jar", Map.of(
                "app.IntendedRace", "package app; public @interface IntendedRace { String value() default \"\"; }",
                "app.Stats", """
                        package app;
                        public class Stats {
                            @IntendedRace("a hint: a stale value only costs a retry") int hits;
                            int misses;
                            @IntendedRace void record() { hits++; misses++; }
                        }
                        """,
                "app.Legacy", "package app; @IntendedRace class Legacy { int n; }"));
        Path out = work.resolve("intended-checked.jar");
        assertEquals(0, TestJars.staticbf("--in", in.toString(), "--out", out.toString()).exitCode());
        String rules = new String(TestJars.readJar(out).get(RuntimeApi.INTENDED_RACES_RESOURCE), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(java.util.Set.of("field app.Stats.hits  # a hint: a stale value only costs a retry",
                "method app.Stats.record", "class app.Legacy"),
                java.util.Set.copyOf(rules.lines().filter(l -> !l.startsWith("#")).toList()));
        Path twice = work.resolve("intended-twice.jar");
        assertEquals(0, TestJars.staticbf("--in", out.toString(), "--out", twice.toString()).exitCode());
        assertArrayEquals(TestJars.readJar(out).get(RuntimeApi.INTENDED_RACES_RESOURCE),
                TestJars.readJar(twice).get(RuntimeApi.INTENDED_RACES_RESOURCE));
        Path none = work.resolve("plain-checked.jar");
        assertEquals(0, TestJars.staticbf("--in", inputJar().toString(), "--out", none.toString(), "--mode", "fasttrack").exitCode());
        assertFalse(TestJars.readJar(none).containsKey(RuntimeApi.INTENDED_RACES_RESOURCE), "no annotation, no resource");
    }
}
