package bigfoot.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Lets a run reuse a rewrite an earlier run made from the same inputs: a rewritten jar is kept with a sidecar
 * file {@code <jar>.key} holding a SHA-256 key of everything the rewrite depends on (the jars of the StaticBF
 * build that ran, the JDK, the input jar, its --classpath jars, its capsule list if any, the options) and the seconds
 * and summary line of that rewrite. Rewriting a library takes StaticBF minutes (xalan about three), which repeated
 * benchmark runs and tests would otherwise spend again. When StaticBF runs from a classes directory (no jar to hash), nothing is
 * reused.
 */
final class RewriteCache {

    /** A class of each part of StaticBF whose code decides what a rewrite writes. */
    private static final List<String> STATICBF_PARTS = List.of("bigfoot.staticbf.StaticBF", "bigfoot.ir.RuntimeApi",
            "bigfoot.z3.Entailment", "com.ibm.wala.classLoader.IClass", "org.objectweb.asm.ClassWriter");

    private static String buildKey; // the hash of this JVM's class-path jars, computed once; "" when not cacheable

    private RewriteCache() {
    }

    /**
     * The key of a rewrite of the files {@code inputs} (the input jar, its --classpath jars, its capsule list) with
     * {@code options}, or empty when rewrites cannot be reused in this JVM.
     */
    static Optional<String> key(List<Path> inputs, List<String> options) throws IOException {
        String build = build();
        if (build.isEmpty()) {
            return Optional.empty();
        }
        MessageDigest d = sha256();
        d.update(build.getBytes(StandardCharsets.UTF_8));
        for (Path file : inputs) {
            d.update(hash(file).getBytes(StandardCharsets.UTF_8));
        }
        d.update(String.join(" ", options).getBytes(StandardCharsets.UTF_8));
        return Optional.of(HexFormat.of().formatHex(d.digest()));
    }

    /** The earlier rewrite to {@code out} made under {@code key}, if its jar and sidecar are there. */
    static Optional<Rewriter.Rewritten> lookup(Path out, String key) throws IOException {
        Path sidecar = sidecar(out);
        if (!Files.isRegularFile(out) || !Files.isRegularFile(sidecar)) {
            return Optional.empty();
        }
        List<String> lines = Files.readAllLines(sidecar, StandardCharsets.UTF_8);
        if (lines.size() != 3 || !lines.get(0).equals(key)) {
            return Optional.empty();
        }
        return Optional.of(new Rewriter.Rewritten(out, Double.parseDouble(lines.get(1)), lines.get(2), true));
    }

    /** Records {@code r} as made under {@code key} (after its jar is written). */
    static void store(Rewriter.Rewritten r, String key) throws IOException {
        Files.write(sidecar(r.jar()), List.of(key, Double.toString(r.seconds()), r.summary()), StandardCharsets.UTF_8);
    }

    /** Forgets any earlier rewrite to {@code out} (before rewriting it again). */
    static void forget(Path out) throws IOException {
        Files.deleteIfExists(sidecar(out));
    }

    private static Path sidecar(Path out) {
        return out.resolveSibling(out.getFileName() + ".key");
    }

    /**
     * The hash of the JDK and the jars StaticBF runs from (its own, the contract's, the entailment service's,
     * WALA's, ASM's: one jar when it is the shaded command-line jar), or "" when one of them is a classes directory.
     */
    private static synchronized String build() throws IOException {
        if (buildKey == null) {
            Set<Path> jars = new LinkedHashSet<>();
            for (String name : STATICBF_PARTS) {
                jars.add(codeSource(name));
            }
            MessageDigest d = sha256();
            // WALA reads the class hierarchy of the JDK that runs it
            d.update((System.getProperty("java.home") + " " + System.getProperty("java.version"))
                    .getBytes(StandardCharsets.UTF_8));
            for (Path jar : jars) {
                if (!Files.isRegularFile(jar)) {
                    return buildKey = "";
                }
                d.update(hash(jar).getBytes(StandardCharsets.UTF_8));
            }
            buildKey = HexFormat.of().formatHex(d.digest());
        }
        return buildKey;
    }

    /** Where the class is loaded from: a jar or a classes directory. */
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

    private static String hash(Path file) throws IOException {
        MessageDigest d = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                d.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
