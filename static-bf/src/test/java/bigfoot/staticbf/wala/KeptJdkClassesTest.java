package bigfoot.staticbf.wala;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.staticbf.TestJars;
import bigfoot.staticbf.store.FileStore;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.ShrikeClass;
import com.ibm.wala.types.ClassLoaderReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK classes kept from one run to the next: a run that finds them gives WALA the classes, in the order, that
 * reading the JDK's own files gives; a damaged entry (written again), or an application naming a class in a package
 * the hierarchy leaves out of the JDK, makes the run read the JDK's files.
 */
class KeptJdkClassesTest {

    private static final String APP = """
            package app;
            public class Main {
                static final Object LOCK = new Object();
                public static void main(String[] args) { synchronized (LOCK) { System.out.println(args.length); } }
            }
            """;

    @TempDir
    Path dir;

    private Path program(String name, Map<String, String> sources) {
        return TestJars.compileToJar(dir, name + ".jar", sources);
    }

    private static WalaProgram load(Path jar, Path store) throws Exception {
        FileStore kept = new FileStore(store);
        WalaProgram p = WalaProgram.load(WalaProgram.Input.of(List.of(jar)).withKeptJdk(kept));
        assertEquals(java.util.Optional.empty(), kept.finish(4), "the JDK's classes are kept without a failure");
        return p;
    }

    /** The JDK's classes in the order WALA loaded them. */
    private static List<String> jdkClasses(WalaProgram p) {
        List<String> names = new ArrayList<>();
        p.hierarchy().getLoader(ClassLoaderReference.Primordial).iterateAllClasses()
                .forEachRemaining(c -> names.add(c.getName().toString()));
        return names;
    }

    /** True if WALA read {@code java/lang/Object} from the kept classes, not from the JDK's files. */
    private static boolean readKept(WalaProgram p) {
        IClass object = p.hierarchy().getRootClass();
        return ((ShrikeClass) object).getModuleEntry().getContainer().getClass().getEnclosingClass()
                == KeptJdkClasses.class;
    }

    private static List<Path> entries(Path store) throws Exception {
        try (Stream<Path> files = Files.list(store)) {
            return files.toList();
        }
    }

    @Test
    void aRunReadsTheKeptClassesAndLoadsWhatTheJdksFilesGive() throws Exception {
        Path store = dir.resolve("jdk");
        Path jar = program("one", Map.of("app.Main", APP));
        WalaProgram first = load(jar, store);
        assertEquals(1, entries(store).size(), "one entry for this JDK: " + entries(store));

        WalaProgram second = load(jar, store);
        WalaProgram plain = WalaProgram.load(WalaProgram.Input.of(List.of(jar)));
        assertEquals(jdkClasses(plain), jdkClasses(first));
        assertEquals(jdkClasses(plain), jdkClasses(second), "the same classes in the same order");
        assertTrue(jdkClasses(second).size() > 2000, "the JDK's java.* classes: " + jdkClasses(second).size());
        assertFalse(readKept(first));
        assertTrue(readKept(second), "the second run read the kept classes");
        assertEquals(plain.applicationMethods().size(), second.applicationMethods().size());
    }

    @Test
    void aDamagedEntryIsNotRead() throws Exception {
        Path store = dir.resolve("jdk");
        Path jar = program("one", Map.of("app.Main", APP));
        load(jar, store);
        Path entry = entries(store).get(0);
        byte[] bytes = Files.readAllBytes(entry);
        bytes[bytes.length / 2] ^= 1;
        Files.write(entry, bytes);

        WalaProgram again = load(jar, store);
        assertEquals(jdkClasses(WalaProgram.load(WalaProgram.Input.of(List.of(jar)))), jdkClasses(again));
        assertFalse(readKept(again));
        assertTrue(readKept(load(jar, store)), "the damaged entry was written again");
    }

    @Test
    void anApplicationNamingAClassOfALeftOutPackageReadsTheJdksFiles() throws Exception {
        Path store = dir.resolve("jdk");
        load(program("one", Map.of("app.Main", APP)), store);
        Path guarded = program("two", Map.of("app.Main", APP, "javax.app.Helper",
                "package javax.app; public class Helper { }"));
        WalaProgram p = load(guarded, store);
        assertFalse(readKept(p));
        assertEquals(List.of("Lapp/Main", "Ljavax/app/Helper"),
                p.applicationClasses().stream().map(c -> c.getName().toString()).toList());
    }
}
