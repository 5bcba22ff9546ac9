package bigfoot.staticbf.wala;

import bigfoot.staticbf.TestJars;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.ibm.wala.classLoader.IClass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WalaProgramTest {
    private static final String APP = """
            package app;
            public class Main {
                static final Object LOCK = new Object();
                static volatile boolean done;
                static int count;
                public static void main(String[] args) throws Exception {
                    Thread t = new Thread(() -> { synchronized (LOCK) { count++; } done = true; });
                    t.start();
                    t.join();
                    System.out.println(count + " " + done + " " + javax.app.Helper.twice(count));
                }
            }
            """;
    /** An application class in a package the JDK exclusions name: it must still be analysed. */
    private static final String HELPER = """
            package javax.app;
            public class Helper { public static int twice(int x) { return 2 * x; } }
            """;

    @TempDir
    static Path dir;
    static Path jar;
    static final Path JAVA_HOME = Paths.get(System.getProperty("java.home"));

    @BeforeAll
    static void compile() throws Exception {
        jar = TestJars.compileToJar(dir, "app.jar", Map.of("app.Main", APP, "javax.app.Helper", HELPER));
    }

    @Test
    void jmodsAndJrtImageGiveTheSameProgram() throws Exception {
        assumeTrue(Files.isDirectory(JAVA_HOME.resolve("jmods")), "this JDK has no jmods");
        WalaProgram fromJmods = WalaProgram.load(WalaProgram.Input.of(List.of(jar)).withJdk(JAVA_HOME, JdkSource.JMODS));
        WalaProgram fromJrt = WalaProgram.load(WalaProgram.Input.of(List.of(jar)).withJdk(JAVA_HOME, JdkSource.JRT));
        assertEquals(JdkSource.JMODS, fromJmods.jdkSource());
        assertEquals(JdkSource.JRT, fromJrt.jdkSource());

        // the runtime image also holds classes jlink generates, but only in excluded java/lang/invoke internals
        Set<String> jmodClasses = classNames(fromJmods);
        assertEquals(jmodClasses, classNames(fromJrt));
        assertTrue(jmodClasses.size() > 2000, "the JDK's java.* classes are loaded: " + jmodClasses.size());
        assertEquals(names(fromJmods.applicationClasses()), names(fromJrt.applicationClasses()));

        assertEquals(killSets(fromJmods), killSets(fromJrt));
    }

    @Test
    void autoUsesJmodsWhenPresent() throws Exception {
        assumeTrue(Files.isDirectory(JAVA_HOME.resolve("jmods")), "this JDK has no jmods");
        assertEquals(JdkSource.JMODS, WalaProgram.load(WalaProgram.Input.of(List.of(jar))).jdkSource());
    }

    @Test
    void applicationClassesInExcludedJdkPackagesAreKept() throws Exception {
        WalaProgram p = WalaProgram.load(WalaProgram.Input.of(List.of(jar)));
        assertEquals(List.of("Lapp/Main", "Ljavax/app/Helper"), names(p.applicationClasses()));
        assertEquals(List.of(), p.warnings());
    }

    @Test
    void aDirectoryOfClassesIsAnApplicationToo() throws Exception {
        WalaProgram p = WalaProgram.load(WalaProgram.Input.of(List.of(dir.resolve("classes-app.jar"))));
        assertEquals(List.of("Lapp/Main", "Ljavax/app/Helper"), names(p.applicationClasses()));
    }

    @Test
    void unreadableInputsAreOneLineErrors() throws Exception {
        Path missing = dir.resolve("nope.jar");
        assertEquals("cannot read " + missing + ": no such file or directory", loadError(List.of(missing)));

        Path text = Files.writeString(dir.resolve("notes.jar"), "not a zip", StandardCharsets.UTF_8);
        assertTrue(loadError(List.of(text)).startsWith("cannot read " + text + ": not a jar or directory"));

        Path empty = TestJars.writeJar(dir.resolve("empty.jar"), Map.of("README", new byte[] {'x'}));
        assertEquals("cannot analyse " + empty + ": it holds no class files", loadError(List.of(empty)));

        assertEquals("no application jar or directory given", loadError(List.of()));

        FrontendException noJmods = assertThrows(FrontendException.class, () -> WalaProgram.load(
                WalaProgram.Input.of(List.of(jar)).withJdk(dir, JdkSource.JMODS)));
        assertEquals("the JDK at " + dir + " has no jmods directory (use the jrt image instead)", noJmods.getMessage());

        FrontendException notAJdk = assertThrows(FrontendException.class, () -> WalaProgram.load(
                WalaProgram.Input.of(List.of(jar)).withJdk(dir, JdkSource.AUTO)));
        assertEquals("cannot read the JDK at " + dir + ": no lib/jrt-fs.jar: not a JDK or JRE of version 9 or later",
                notAJdk.getMessage());
        for (String message : List.of(noJmods.getMessage(), notAJdk.getMessage())) {
            assertFalse(message.contains("\n"));
        }
    }

    @Test
    void classesWalaCannotLoadAreReported() throws Exception {
        Path bad = TestJars.writeJar(dir.resolve("bad.jar"), Map.of(
                "ok/Fine.class", Files.readAllBytes(dir.resolve("classes-app.jar/app/Main.class")),
                "broken/Garbage.class", "definitely not a class file".getBytes(StandardCharsets.UTF_8)));
        WalaProgram p = WalaProgram.load(WalaProgram.Input.of(List.of(bad)));
        // ok/Fine.class holds app/Main: WALA rejects a class file stored under another name
        assertEquals(List.of(bad + ": 2 class(es) not loaded, e.g. broken/Garbage"), p.warnings());
    }

    @Test
    void theClasspathIsLoadedButIsNotTheApplication() throws Exception {
        Path lib = TestJars.compileToJar(dir, "lib.jar", Map.of("javax.app.Helper", HELPER));
        Path app = TestJars.compileToJar(dir, "app-only.jar", Map.of("app.Main", APP, "javax.app.Helper", HELPER),
                name -> name.startsWith("app/"));
        WalaProgram p = WalaProgram.load(WalaProgram.Input.of(List.of(app)).withClasspath(List.of(lib)));
        assertEquals(List.of("Lapp/Main"), names(p.applicationClasses()));
        KillSets ks = KillSets.compute(p, new MethodIRs(p));
        assertTrue(ks.methodCount() > p.applicationMethods().size(), "Helper.twice, reached on the classpath, is analysed too");
    }

    private static String loadError(List<Path> application) {
        return assertThrows(FrontendException.class, () -> WalaProgram.load(WalaProgram.Input.of(application))).getMessage();
    }

    private static Set<String> classNames(WalaProgram p) {
        return StreamSupport.stream(p.hierarchy().spliterator(), false)
                .map(c -> c.getName().toString()).collect(Collectors.toSet());
    }

    private static List<String> names(List<IClass> classes) {
        return classes.stream().map(c -> c.getName().toString()).collect(Collectors.toList());
    }

    private static Map<String, KillSet> killSets(WalaProgram p) {
        KillSets ks = KillSets.compute(p, new MethodIRs(p));
        Map<String, KillSet> result = new TreeMap<>();
        p.applicationMethods().forEach(m -> result.put(m.getSignature(), ks.of(m)));
        assertEquals(KillSet.BOTH, result.get("app.Main.main([Ljava/lang/String;)V"));
        return result;
    }
}
