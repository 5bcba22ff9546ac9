package bigfoot.staticbf.analysis;

import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.wala.WalaProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.FutureTask;

/**
 * The program an analysis reads: the application jar and its classpath, WALA's class hierarchy of them, and the jar's
 * class files as its caller read them. WALA's hierarchy (mostly the JDK's) is built on a thread of its own from the
 * moment the input is {@link #start started}, while the caller reads the jar.
 */
public final class AnalysisInput {

    private static final String VERSIONS = "META-INF/versions/";

    /**
     * One class entry of the jar.
     *
     * @param entryName its name in the jar
     * @param bytes     its class file
     * @param info      what it says to the class hierarchy ({@link ClassInfo#describe}: its name, flags, supertypes,
     *                  fields, method signatures and field accessors, not its method bodies)
     */
    public record ClassFile(String entryName, byte[] bytes, ClassInfo info) {
    }

    private final Path application;
    private final FutureTask<WalaProgram> hierarchy;
    private final List<ClassFile> classFiles;

    private AnalysisInput(Path application, FutureTask<WalaProgram> hierarchy, List<ClassFile> classFiles) {
        this.application = application;
        this.hierarchy = hierarchy;
        this.classFiles = classFiles;
    }

    /**
     * Starts building WALA's class hierarchy of {@code application} and the existing {@code classpath} elements, with
     * the JDK's classes read from {@code keptJdk} where it keeps them.
     */
    public static AnalysisInput start(Path application, List<Path> classpath, Optional<FileStore> keptJdk) {
        WalaProgram.Input input = WalaProgram.Input.of(List.of(application))
                .withClasspath(classpath.stream().filter(Files::exists).toList());
        WalaProgram.Input withJdk = keptJdk.map(input::withKeptJdk).orElse(input);
        FutureTask<WalaProgram> loading = new FutureTask<>(() -> WalaProgram.load(withJdk));
        Thread loader = new Thread(loading, "staticbf-class-hierarchy");
        loader.setDaemon(true);
        loader.start();
        return new AnalysisInput(application, loading, List.of());
    }

    /** This input with the jar's class entries, every one of them (multi-release versions and repeated names too). */
    public AnalysisInput withClassFiles(List<ClassFile> classFiles) {
        return new AnalysisInput(application, hierarchy, List.copyOf(classFiles));
    }

    Path application() {
        return application;
    }

    /**
     * True if each class of the jar can have kept results: no class entry is under {@code META-INF/} (multi-release
     * versions) and no two entries hold one class. Then the classes {@link #byName} gives are all WALA lists.
     */
    boolean everyClassKeepable() {
        Set<String> names = new HashSet<>();
        for (ClassFile c : classFiles) {
            if (c.entryName().startsWith("META-INF/") || !names.add(c.entryName())) {
                return false;
            }
        }
        return true;
    }

    /** WALA's class hierarchy, once built (its exception, if it failed). */
    FutureTask<WalaProgram> hierarchy() {
        return hierarchy;
    }

    /**
     * The classes with a {@code META-INF/versions/N/} entry: the rewriter rewrites every version under one class name,
     * but the analysis saw only one of them, so its bytecode indices cannot be trusted for the others.
     */
    Set<String> multiRelease() {
        Set<String> names = new TreeSet<>();
        for (ClassFile c : classFiles) {
            if (c.entryName().startsWith(VERSIONS)) {
                String rest = c.entryName().substring(VERSIONS.length());
                int slash = rest.indexOf('/');
                if (slash > 0) {
                    names.add(rest.substring(slash + 1, rest.length() - ".class".length()));
                }
            }
        }
        return names;
    }

    /**
     * Each class's file by class name, but none for a class with two entries (which one WALA read is not known) and
     * none from {@code META-INF/}.
     */
    Map<String, byte[]> byName() {
        Map<String, byte[]> byName = new HashMap<>();
        Set<String> twice = new HashSet<>();
        for (ClassFile c : classFiles) {
            String n = c.entryName();
            String name = n.substring(0, n.length() - ".class".length());
            if (!n.startsWith("META-INF/") && byName.put(name, c.bytes()) != null) {
                twice.add(name);
            }
        }
        byName.keySet().removeAll(twice);
        return byName;
    }

    /**
     * The program's shape: the digest of every class entry's name and what it says to the class hierarchy, which with the classpath and the JDK is all
     * the class hierarchy's answers depend on.
     */
    String shape() {
        Map<String, String> shapes = new TreeMap<>();
        classFiles.forEach(c -> shapes.merge(c.entryName(), c.info().describe(), (a, b) -> a + b));
        Digest d = new Digest();
        shapes.forEach((entry, shape) -> d.add(entry).add(shape));
        return d.hex();
    }
}
