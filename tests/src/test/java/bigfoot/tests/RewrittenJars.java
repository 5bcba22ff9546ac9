package bigfoot.tests;

import java.io.IOException;
import java.nio.file.Path;

/** The corpus jar and its rewritten form, built once per test JVM and shared by the test classes. */
final class RewrittenJars {

    private static Path corpus;
    private static Path corpusVerified;

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

    /** The same corpus jar rewritten with {@code --verify-placement} (access events for the verifier). */
    static synchronized Path corpusVerified() throws IOException {
        if (corpusVerified == null) {
            Path dir = Workspace.fresh("corpus-verified");
            Path in = Jars.write(dir.resolve("corpus.jar"), Jars.packageEntries(MainClasses.testClasses(), Corpus.PACKAGE));
            corpusVerified = Rewriter.rewrite(in, dir.resolve("corpus-bf-verify.jar"), "--verify-placement");
        }
        return corpusVerified;
    }
}
