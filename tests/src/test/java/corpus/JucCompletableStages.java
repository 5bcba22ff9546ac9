package corpus;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * CompletableFuture's dependent stages: what the registering thread wrote before {@code thenApplyAsync}, and what
 * completed the stages a function depends on, happen before the function; the function's writes happen before
 * {@code join} on its stage and before the stages depending on it ({@code thenAccept}, {@code thenCombine}). The
 * write after {@code complete} races with the function's read.
 */
@ExpectRaces({"corpus.JucCompletableStages.afterComplete"})
public class JucCompletableStages {
    int config;
    int beforeComplete;
    int afterComplete;
    int applied;
    int accepted;
    int left;
    int right;

    public static void main(String[] args) throws Exception {
        JucCompletableStages s = new JucCompletableStages();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Void> gate = new CompletableFuture<>();
            s.config = 3;
            CompletableFuture<Integer> first = gate.thenApplyAsync(v -> {
                s.applied = s.config * 2 + s.beforeComplete + s.afterComplete;
                return s.applied;
            }, pool);
            s.beforeComplete = 1;
            gate.complete(null);
            s.afterComplete = 1;
            CompletableFuture<Void> second = first.thenAccept(v -> s.accepted = s.applied + v);
            second.join();
            int seen = s.applied + s.accepted;

            CompletableFuture<Void> l = CompletableFuture.runAsync(() -> s.left = 1, pool);
            CompletableFuture<Void> r = CompletableFuture.runAsync(() -> s.right = 2, pool);
            int sum = l.thenCombine(r, (a, b) -> s.left + s.right).join();
            System.out.println(seen + sum);
        } finally {
            pool.shutdown();
        }
    }
}
