package corpus;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Work handed to a thread pool: what the submitter wrote before submit is seen by the task, and what the task
 * wrote is seen after Future.get, invokeAll, CompletableFuture.join and shutdown + awaitTermination; the
 * submitter's write made after submit, before get, races with the task's.
 */
@ExpectRaces({"corpus.JucExecutors.contested"})
public class JucExecutors {
    int input;
    int output;
    int[] slots = new int[2];
    int executed;
    int supplied;
    int contested;

    public static void main(String[] args) throws Exception {
        JucExecutors s = new JucExecutors();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        s.input = 21;
        Future<?> doubled = pool.submit(() -> {
            s.output = s.input * 2;
            s.contested = 1;
        });
        s.contested = 2;
        doubled.get();
        List<Callable<Integer>> fill = List.of(() -> s.slots[0] = s.output, () -> s.slots[1] = s.output + 1);
        pool.invokeAll(fill);
        int supplied = CompletableFuture.supplyAsync(() -> s.supplied = s.slots[0] + s.slots[1], pool).join();
        pool.execute(() -> s.executed = supplied);
        pool.shutdown();
        if (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the pool did not terminate");
        }
        System.out.println(s.output + " " + s.slots[0] + " " + s.slots[1] + " " + s.executed);
    }
}
