package bigfoot.tests;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The corpus jar and its rewritten form, built once per test JVM and shared by the test classes. */
final class RewrittenJars {

    private static Path corpus;
    private static final Map<String, Path> corpusVerified = new HashMap<>();

    private RewrittenJars() {
    }

    /** test-classes/corpus jarred and rewritten by StaticBF (in-process, once). */
    static synchronized Path corpus() throws IOException {
        if (corpus == null) {
            Path dir = Workspace.fresh("corpus");
            Path in = Jars.write(dir.resolve("corpus.jar"), Jars.packageEntries(MainClasses.testClasses(), Corpus.PACKAGE));
            corpus = Rewriter.rewrite(in, dir.resolve("corpus-bf.jar"));
        }
        return corpus;
    }

    /**
     * The same corpus jar rewritten in placement mode {@code mode} with {@code --verify-placement} (access
     * events for the verifier), once per mode: a redcard rewrite analyses the whole jar with WALA.
     */
    static synchronized Path corpusVerified(String mode) throws IOException {
        Path jar = corpusVerified.get(mode);
        if (jar == null) {
            Path dir = Workspace.fresh("corpus-verified-" + mode);
            Path in = Jars.write(dir.resolve("corpus.jar"), Jars.packageEntries(MainClasses.testClasses(), Corpus.PACKAGE));
            jar = Rewriter.rewrite(in, dir.resolve("corpus-" + mode + "-verify.jar"), "--mode", mode, "--verify-placement");
            corpusVerified.put(mode, jar);
        }
        return jar;
    }
}
