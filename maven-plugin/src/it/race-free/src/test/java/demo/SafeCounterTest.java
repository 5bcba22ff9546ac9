package demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SafeCounterTest {

    @Test
    void twoWorkersIncrement() throws Exception {
        SafeCounter counter = new SafeCounter();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        for (int t = 0; t < 2; t++) {
            pool.execute(() -> {
                for (int i = 0; i < 1000; i++) {
                    counter.increment();
                }
            });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(1, TimeUnit.MINUTES));
        assertTrue(counter.count() > 0);
    }
}
