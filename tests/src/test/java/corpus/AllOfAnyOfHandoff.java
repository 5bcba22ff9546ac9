package corpus;

import java.util.concurrent.CompletableFuture;

/**
 * {@code CompletableFuture.allOf} completes after every future it is given, so what their tasks wrote is seen after
 * {@code allOf(..).join()} and in a stage that depends on it; {@code anyOf} completes after one of them, so only the
 * task that finished is ordered before its {@code join}: {@code early}, written by the other task before it waits
 * for a latch the reader counts down later, races with the read after {@code anyOf}.
 */
@ExpectRaces({"corpus.AllOfAnyOfHandoff.early"})
public class AllOfAnyOfHandoff {
    static int left;
    static int right;
    static int sum;
    static int first;
    static int late;
    static int early;

    public static void main(String[] args) throws Exception {
        CompletableFuture<Void> a = CompletableFuture.runAsync(() -> left = 1);
        CompletableFuture<Void> b = CompletableFuture.runAsync(() -> right = 2);
        CompletableFuture.allOf(a, b).join();
        System.out.println("joined " + (left + right));
        CompletableFuture.allOf(a, b).thenRun(() -> sum = left + right).join();
        System.out.println("stage " + sum);

        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        CompletableFuture<Void> fast = CompletableFuture.runAsync(() -> first = 1);
        CompletableFuture<Void> slow = CompletableFuture.runAsync(() -> {
            early = 3;
            try {
                go.await();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            late = 2;
        });
        CompletableFuture.anyOf(fast, slow).join(); // slow waits for go: fast completed it
        System.out.println("first " + first + " early " + early);
        go.countDown();
        slow.join();
        System.out.println("late " + lateRead());
    }

    /** A read of {@code late} ordered after slow's write only by slow.join(): no race. */
    static int lateRead() {
        return late;
    }
}
