package bigfoot.staticbf.cache;

import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.zip.CentralDirectory;
import bigfoot.staticbf.zip.StoredData;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * The key of a rewrite in the {@link RewriteCache}: a {@link Digest} of everything its output depends on. That is
 * the code of the StaticBF that runs (its own classes, the runtime contract's, the entailment service's, WALA's and
 * ASM's: jars by their central directories, class directories by content), the JDK that runs it (WALA reads its
 * class hierarchy), the input jar, each {@code --classpath} element and a {@code --capsules} list (by content), and the
 * options that change the output; never the output path.
 */
public final class RewriteKey {

    /** A class of each part of StaticBF whose code decides what a rewrite writes. */
    private static final List<String> PARTS = List.of("bigfoot.staticbf.StaticBF", "bigfoot.ir.RuntimeApi",
            "bigfoot.z3.Entailment", "com.ibm.wala.classLoader.IClass", "org.objectweb.asm.ClassWriter");

    private static String build; // the hash of the code and the JDK, computed once per JVM

    private RewriteKey() {
    }

    /** The key of rewriting {@code options.in()} as {@code options} say. */
    public static String of(Options options) throws IOException {
        Digest d = new Digest();
        d.add(build());
        d.add("in " + digest(options.in()));
        addClasspath(d, options);
        Path capsuleList = options.capsules().file();
        d.add("capsules " + options.capsules().optionValue()
                + (capsuleList == null ? "" : " " + digest(capsuleList)));
        d.add("mode " + options.mode().optionName() + " elide " + options.elision().optionName() + " proxies "
                + options.proxies() + " verify " + options.verifyPlacement());
        return d.hex();
    }

    /**
     * The key of what a run's per-method analysis results depend on besides each class's own bytes, the program's shape
     * and the whole-program facts a method's analysis reads (which the analysis keys itself): StaticBF's code and JDK,
     * the {@code --classpath} elements and the options the analysis reads. Never the input jar: a re-run after one class
     * changed finds the other classes' results under it.
     */
    public static String ofAnalysis(Options options) throws IOException {
        Digest d = new Digest();
        d.add(build());
        addClasspath(d, options);
        d.add("mode " + options.mode().optionName() + " elide " + options.elision().optionName());
        return d.hex();
    }

    /**
     * The key of what rewriting one class depends on besides the class, the placement's answers for it and the rest of
     * the program (which the rewriter keys itself): StaticBF's code and JDK, the {@code --classpath} elements and the
     * options that change the output. Never the input jar.
     */
    public static String ofClassRewrites(Options options) throws IOException {
        Digest d = new Digest();
        d.add(build());
        addClasspath(d, options);
        d.add("mode " + options.mode().optionName() + " elide " + options.elision().optionName() + " capsules "
                + options.capsules().optionValue() + " proxies " + options.proxies() + " verify "
                + options.verifyPlacement());
        return d.hex();
    }

    private static void addClasspath(Digest d, Options options) throws IOException {
        for (Path element : options.classpath()) {
            d.add("classpath " + (Files.exists(element) ? digest(element) : "missing " + element));
        }
    }

    /** The {@link Digest} of a file's bytes, or of a directory's files (their relative paths and bytes, by path). */
    static String digest(Path path) throws IOException {
        Digest d = new Digest();
        if (Files.isDirectory(path)) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(path)) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                d.add(path.relativize(f).toString().replace('\\', '/'));
                d.add(digest(f));
            }
        } else {
            try (InputStream in = Files.newInputStream(path)) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = in.read(buf)) > 0; ) {
                    d.add(buf, 0, n);
                }
            }
        }
        return d.hex();
    }

    private static synchronized String build() throws IOException {
        if (build == null) {
            Set<Path> code = new LinkedHashSet<>();
            for (String name : PARTS) {
                code.add(codeSource(name));
            }
            Digest d = new Digest();
            d.add(System.getProperty("java.home") + " " + System.getProperty("java.vm.version"));
            byte[] deflated = deflated();
            d.add(deflated, 0, deflated.length);
            for (Path c : code) {
                d.add(codeDigest(c));
            }
            build = d.hex();
        }
        return build;
    }

    /**
     * What the JVM's zlib makes of a fixed text: rewritten classes are kept deflated and written to the jar as they are,
     * and a zlib of another version (a system library, updated apart from the JDK) may deflate the same class to other
     * bytes.
     */
    private static byte[] deflated() {
        return StoredData.of(ZipEntry.DEFLATED, String.join(" ", PARTS).repeat(64).getBytes(StandardCharsets.UTF_8))
                .data();
    }

    /**
     * The digest of StaticBF's code in {@code path}: for a jar, of its central directory as stored (each entry's name,
     * sizes, CRC-32 and time: hashing the bytes of the 67 MB command-line jar took 0.3 s of a cached re-run's 0.4 s, and
     * listing its entries one by one 35 ms; a rebuilt class keeps its size and CRC-32 by chance once in four billion);
     * for a class directory, of its files.
     */
    private static String codeDigest(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            return digest(path);
        }
        byte[] directory = CentralDirectory.storedBytes(path);
        return new Digest().add(directory, 0, directory.length).hex();
    }

    /** Where a class is loaded from: a jar or a class directory. */
    private static Path codeSource(String className) throws IOException {
        try {
            CodeSource source = Class.forName(className).getProtectionDomain().getCodeSource();
            if (source == null) {
                throw new IOException("no code source for " + className);
            }
            return Path.of(source.getLocation().toURI());
        } catch (ClassNotFoundException | URISyntaxException e) {
            throw new IOException("cannot locate StaticBF's classes: " + e.getMessage());
        }
    }

}
