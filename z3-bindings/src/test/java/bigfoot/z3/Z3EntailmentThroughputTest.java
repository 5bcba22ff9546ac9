package bigfoot.z3;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/** A micro-measurement, printed and not asserted (timings depend on the machine). */
class Z3EntailmentThroughputTest {
    private static final int QUERIES = 1000;
    private static final LinearExpr I = LinearExpr.var("i");
    private static final LinearExpr N = LinearExpr.var("n");
    private static final LinearExpr ZERO = LinearExpr.constant(0);

    @Test
    void thousandQueriesOnOneThread() {
        try (Z3Entailment z3 = new Z3Entailment(SolverLimits.NONE)) {
            long openNanos = time(1, k -> z3.entails(List.of(), Fact.TRUE));
            long entails = time(QUERIES, k -> z3.entails(List.of(Fact.le(ZERO, I), Fact.lt(I, N.plus(k))),
                    Fact.le(I.plus(1), N.plus(k))));
            long cached = time(QUERIES, k -> z3.entails(List.of(Fact.le(ZERO, I), Fact.lt(I, N.plus(k))),
                    Fact.le(I.plus(1), N.plus(k))));
            long unitRanges = time(QUERIES, k -> z3.coversRange(List.of(Fact.lt(I, N.plus(k))),
                    StridedRange.of(ZERO, N.plus(k)), StridedRange.of(ZERO, I)));
            long stridedUnions = time(QUERIES, k -> z3.rangeUnionEquals(List.of(),
                    List.of(new StridedRange(ZERO, N.plus(k), 2), new StridedRange(LinearExpr.constant(1), N.plus(k), 2)),
                    StridedRange.of(ZERO, N.plus(k))));
            System.out.printf("Z3Entailment, %d queries each (new context + first query: %.0f ms)%n", QUERIES, openNanos / 1e6);
            print("entails (distinct)", entails);
            print("entails (cache hits)", cached);
            print("coversRange stride 1 (distinct)", unitRanges);
            print("rangeUnionEquals stride 2 (distinct)", stridedUnions);
            System.out.println("  " + z3.stats());
            assertTrue(z3.stats().unknownResults() == 0, "every measured query was decided");
        }
    }

    /** Runs the query for k = 0..count-1; every query in this class is one that holds. */
    private static long time(int count, IntPredicate query) {
        long start = System.nanoTime();
        for (int k = 0; k < count; k++) {
            assertTrue(query.test(k), "query " + k + " should hold");
        }
        return System.nanoTime() - start;
    }

    private static void print(String what, long nanos) {
        System.out.printf("  %-38s %8.1f ms total, %6.3f ms/query%n", what, nanos / 1e6, nanos / 1e6 / QUERIES);
    }
}
