package bigfoot.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Worker threads share one service; each gets its own Z3 context and correct answers. */
class Z3EntailmentConcurrencyTest {
    private static final int QUERIES_PER_THREAD = 300;

    @Test
    void twoThreadsQueryConcurrentlyWithTheirOwnContexts() throws InterruptedException {
        try (Z3Entailment z3 = new Z3Entailment(SolverLimits.NONE)) {
            CountDownLatch start = new CountDownLatch(1);
            List<String> wrong = Collections.synchronizedList(new ArrayList<>());
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            List<Thread> workers = new ArrayList<>();
            for (String name : new String[] {"a", "b"}) {
                Thread worker = new Thread(() -> {
                    try {
                        start.await();
                        askMany(z3, name, wrong);
                    } catch (Throwable t) {
                        failures.add(t);
                    }
                }, "worker-" + name);
                worker.start();
                workers.add(worker);
            }
            start.countDown();
            for (Thread worker : workers) {
                worker.join();
            }
            assertEquals(List.of(), failures);
            assertEquals(List.of(), wrong);
            EntailmentStats stats = z3.stats();
            assertEquals(2, stats.sessions(), "one Z3 context per querying thread");
            assertEquals(2L * QUERIES_PER_THREAD, stats.queries());
            assertEquals(2L * QUERIES_PER_THREAD, stats.solverCalls(), "the threads' variables differ: no hits");
        }
    }

    @Test
    void theContextMadeAheadIsTakenByTheFirstThreadThatAsks() throws InterruptedException {
        try (Z3Entailment z3 = new Z3Entailment(SolverLimits.NONE)) {
            z3.warmUp();
            for (long waited = 0; z3.stats().sessions() == 0 && waited < 60_000; waited += 10) {
                Thread.sleep(10);
            }
            assertEquals(1, z3.stats().sessions(), "the warm-up made one context");
            List<String> wrong = Collections.synchronizedList(new ArrayList<>());
            Thread asker = new Thread(() -> askMany(z3, "c", wrong), "asker");
            asker.start();
            asker.join();
            assertEquals(1, z3.stats().sessions(), "the asker took the warm-up's context");
            askMany(z3, "d", wrong);
            assertEquals(List.of(), wrong);
            assertEquals(2, z3.stats().sessions(), "a second thread makes its own");
        }
    }

    @Test
    void aWarmUpThatEndsAfterCloseFreesWhatItMade() throws InterruptedException {
        Z3Entailment z3 = new Z3Entailment(SolverLimits.NONE);
        z3.close();
        z3.warmUp();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("z3-warm-up")) {
                t.join(60_000);
            }
        }
        assertEquals(0, z3.stats().sessions(), "a context made after close() is freed, not kept");
        assertThrows(IllegalStateException.class, () -> z3.entails(List.of(), Fact.TRUE));
    }

    /** Alternating true and false questions over this thread's own variable names. */
    private static void askMany(Z3Entailment z3, String thread, List<String> wrong) {
        LinearExpr i = LinearExpr.var("i_" + thread);
        LinearExpr n = LinearExpr.var("n_" + thread);
        for (int k = 0; k < QUERIES_PER_THREAD; k++) {
            List<Fact> h = List.of(Fact.lt(i, n.plus(k)));
            boolean expected = k % 2 == 0;
            Fact goal = expected ? Fact.le(i.plus(1), n.plus(k)) : Fact.le(i.plus(2), n.plus(k));
            if (z3.entails(h, goal) != expected) {
                wrong.add(thread + ": " + h + " |- " + goal + " should be " + expected);
            }
        }
    }
}
