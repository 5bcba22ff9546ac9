package bigfoot.staticbf.rewrite;

import java.util.HashSet;
import java.util.Set;

/**
 * The methods of a {@code CompletionStage} that register a dependent stage's function, by how the function is
 * ordered ({@link ExecutorModels} wraps it); the kill sets count each as an acquire and a release (the function may
 * run in the caller's thread, inside the call).
 */
public final class CompletionStages {

    public static final String TYPE = "java/util/concurrent/CompletionStage";

    /** Dependent stages of their receiver: the function is argument 0. */
    public static final Set<String> AFTER_ONE = Set.of("thenApply", "thenAccept", "thenRun", "handle", "whenComplete",
            "exceptionally", "thenApplyAsync", "thenAcceptAsync", "thenRunAsync", "handleAsync", "whenCompleteAsync",
            "exceptionallyAsync");
    /** Dependent stages of their receiver and argument 0: the function is argument 1. */
    public static final Set<String> AFTER_BOTH = Set.of("thenCombine", "thenAcceptBoth", "runAfterBoth",
            "thenCombineAsync", "thenAcceptBothAsync", "runAfterBothAsync");
    /** Run after their receiver or argument 0, whichever completes: only the registration orders the function. */
    public static final Set<String> AFTER_EITHER = Set.of("applyToEither", "acceptEither", "runAfterEither",
            "applyToEitherAsync", "acceptEitherAsync", "runAfterEitherAsync");
    /** The stage completes with the one the function returns: no alias. */
    public static final Set<String> COMPOSE = Set.of("thenCompose", "thenComposeAsync", "exceptionallyCompose",
            "exceptionallyComposeAsync");

    /** Every method above. */
    public static final Set<String> ALL = all();

    private CompletionStages() {
    }

    private static Set<String> all() {
        Set<String> all = new HashSet<>(AFTER_ONE);
        all.addAll(AFTER_BOTH);
        all.addAll(AFTER_EITHER);
        all.addAll(COMPOSE);
        return Set.copyOf(all);
    }
}
