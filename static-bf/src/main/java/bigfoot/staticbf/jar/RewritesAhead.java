package bigfoot.staticbf.jar;

import bigfoot.staticbf.rewrite.ClassFit;
import bigfoot.staticbf.rewrite.ClassRewriter;
import bigfoot.staticbf.rewrite.Environment;
import bigfoot.staticbf.rewrite.FieldProxies;
import bigfoot.staticbf.rewrite.ProgramFit;
import bigfoot.staticbf.tool.Diagnostics;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The few classes a re-run must rewrite because it keeps no entry of theirs (their bytes changed), each fitted and
 * rewritten on a thread of its own as soon as the placement is known, under the proxy groups the last run of
 * the program found, while the run fits its classes and finds its own groups. A class's rewriting reads its bytes, the
 * placement's answers for its methods, its own fit, the proxy groups and what the kept entries' key names
 * ({@link KeptRewrites}): so a rewriting made ahead is the one the run would make if its groups are the same (their
 * digest), as they are unless the edit changed which fields share a shadow; otherwise it is dropped and the class is
 * rewritten as any other. Its warnings are held back, as a worker's are, for the entries' thread to give.
 *
 * @param <R> a class's rewriting, or why it failed
 */
final class RewritesAhead<R> {

    /** Rewrites a class with a rewriter, its warnings held back. */
    interface Rewriting<R> {
        R of(InputClass c, ClassRewriter rewriter);
    }

    /** A class's fit (null in a run without proxies) and its rewriting, made ahead. */
    private record Ahead<R>(CompletableFuture<Diagnostics.Deferred<ClassFit>> fit, CompletableFuture<R> rewritten) {
    }

    private final Map<InputClass, Ahead<R>> ahead = new IdentityHashMap<>();
    private final String groups;

    private RewritesAhead(String groups) {
        this.groups = groups;
    }

    /** Rewrites nothing ahead. */
    static <R> RewritesAhead<R> none() {
        return new RewritesAhead<>("");
    }

    /**
     * Starts rewriting {@code classes} under {@code groups} and {@code env} (this run's, without fits or proxies),
     * each fitted first if {@code fitted} (a run with proxies).
     */
    static <R> RewritesAhead<R> start(List<InputClass> classes, FieldProxies groups, Environment env, boolean fitted,
            Rewriting<R> rewriting) {
        RewritesAhead<R> started = new RewritesAhead<>(groups.digest());
        for (InputClass c : classes) {
            Ahead<R> a = new Ahead<>(new CompletableFuture<>(), new CompletableFuture<>());
            started.ahead.put(c, a);
            Thread t = new Thread(() -> {
                try {
                    Diagnostics.Deferred<ClassFit> fit = fitted
                            ? env.diagnostics().deferring(() -> ClassFit.of(c.bytes(), env)) : null;
                    a.fit().complete(fit);
                    Environment fittedEnv = fitted ? env.withFits(ProgramFit.of(List.of(fit.value()))) : env;
                    a.rewritten().complete(rewriting.of(c,
                            new ClassRewriter(fittedEnv.withShadows(env.shadows().withProxies(groups)))));
                } catch (RuntimeException | Error e) { // the run fits and rewrites the class itself, and says why
                    a.fit().completeExceptionally(e);
                    a.rewritten().completeExceptionally(e);
                }
            }, "staticbf-rewrite-ahead");
            t.setDaemon(true);
            t.start();
        }
        return started;
    }

    /** The fit of {@code c} made ahead, with its warnings held back; empty if {@code c} was not fitted ahead. */
    Optional<Diagnostics.Deferred<ClassFit>> fit(InputClass c) {
        Ahead<R> a = ahead.get(c);
        return a == null ? Optional.empty() : joined(a.fit());
    }

    /** The rewriting of {@code c} made ahead, if it was made under the groups whose digest is {@code groupsDigest}. */
    Optional<R> rewritten(InputClass c, String groupsDigest) {
        Ahead<R> a = ahead.get(c);
        return a == null || !groups.equals(groupsDigest) ? Optional.empty() : joined(a.rewritten());
    }

    private static <T> Optional<T> joined(CompletableFuture<T> future) {
        try {
            return Optional.ofNullable(future.join());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
