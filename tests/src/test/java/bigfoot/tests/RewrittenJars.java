package bigfoot.tests;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The corpus jar and its rewritten form, built once per test JVM and shared by the test classes. */
final class RewrittenJars {

    private static Path corpus;
    private static Path corpusBigFoot;
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

    /** The same corpus jar rewritten as users get it by default: bigfoot placement, field proxies (once). */
    static synchronized Path corpusBigFoot() throws IOException {
        if (corpusBigFoot == null) {
            Path dir = Workspace.fresh("corpus-bigfoot");
            Path in = Jars.write(dir.resolve("corpus.jar"), Jars.packageEntries(MainClasses.testClasses(), Corpus.PACKAGE));
            corpusBigFoot = Rewriter.rewrite(in, dir.resolve("corpus-bigfoot.jar"), "--mode", "bigfoot");
        }
        return corpusBigFoot;
    }

    /**
     * The same corpus jar rewritten with {@code --verify-placement} (access events for the verifier) and
     * {@code options}, once per {@code name}: a redcard or bigfoot rewrite analyses the whole jar with WALA.
     */
    static synchronized Path corpusVerified(String name, List<String> options) throws IOException {
        Path jar = corpusVerified.get(name);
        if (jar == null) {
            Path dir = Workspace.fresh("corpus-verified-" + name);
            Path in = Jars.write(dir.resolve("corpus.jar"), Jars.packageEntries(MainClasses.testClasses(), Corpus.PACKAGE));
            List<String> args = new ArrayList<>(options);
            args.add("--verify-placement");
            jar = Rewriter.rewrite(in, dir.resolve("corpus-" + name + "-verify.jar"), args.toArray(String[]::new));
            corpusVerified.put(name, jar);
        }
        return jar;
    }
}
