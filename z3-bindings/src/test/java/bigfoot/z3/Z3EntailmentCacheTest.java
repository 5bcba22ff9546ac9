package bigfoot.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The result cache, the per-query limits and the life cycle of {@link Z3Entailment}. */
class Z3EntailmentCacheTest {
    private static final LinearExpr I = LinearExpr.var("i");
    private static final LinearExpr N = LinearExpr.var("n");
    private static final LinearExpr ZERO = LinearExpr.constant(0);
    private static final List<StridedRange> HALVES =
            List.of(new StridedRange(ZERO, N, 2), new StridedRange(LinearExpr.constant(1), N, 2));

    @Test
    void secondIdenticalQueryDoesNotReachTheSolver() {
        try (Z3Entailment z3 = new Z3Entailment(SolverLimits.NONE)) {
            assertTrue(z3.entails(List.of(Fact.lt(I, N)), Fact.le(I.plus(1), N)));
            assertEquals(new EntailmentStats(1, 0, 1, 0, 1), z3.stats());
            assertTrue(z3.entails(List.of(Fact.lt(I, N)), Fact.le(I.plus(1), N)));
            assertEquals(new EntailmentStats(2, 1, 1, 0, 1), z3.stats());
        }
    }

    @Test
    void negativeAnswersAreCachedToo() {
        try (Z3Entailment z3 = new Z3Entailment(SolverLimits.NONE)) {
            assertFalse(z3.coversRange(List.of(), HALVES.get(0), StridedRange.of(ZERO, N)));
            assertFalse(z3.coversRange(List.of(), HALVES.get(0), StridedRange.of(ZERO, N)));
            assertEquals(1, z3.stats().solverCalls());
            assertEquals(1, z3.stats().cacheHits());
        }
    }

    @Test
    void cacheKeyIsTheNormalisedQuery() {
        try (Z3Entailment z3 = new Z3Entailment(SolverLimits.NONE)) {
            Fact lo = Fact.le(ZERO, I);
            assertTrue(z3.entails(List.of(lo, Fact.lt(I, N)), Fact.le(I.plus(1), N)));
            // Same question: reordered and duplicated assumptions, i+1 <= n for i < n, n >= i+1 for i+1 <= n.
            assertTrue(z3.entails(List.of(Fact.le(I.plus(1), N), lo, lo), Fact.ge(N, I.plus(1))));
            assertTrue(z3.rangeUnionEquals(List.of(), HALVES, StridedRange.of(ZERO, N)));
            assertTrue(z3.rangeUnionEquals(List.of(), List.of(HALVES.get(1), HALVES.get(0)),
                    StridedRange.of(ZERO.plus(I).minus(I), N)));
            assertEquals(new EntailmentStats(4, 2, 2, 0, 1), z3.stats());
            // A different question of another kind over the same ranges is not confused with them.
            assertTrue(z3.coversRange(List.of(), HALVES, StridedRange.of(ZERO, N)));
            assertEquals(3, z3.stats().solverCalls());
        }
    }

    @Test
    void queryThatHitsTheResourceLimitIsNotEntailed() {
        // rlimit 1 stops Z3 before it can decide anything: it answers "unknown", which must read as "no".
        try (Z3Entailment starved = new Z3Entailment(SolverLimits.NONE.withResourceLimit(1));
             Z3Entailment normal = new Z3Entailment(SolverLimits.NONE)) {
            assertFalse(starved.rangeUnionEquals(List.of(), HALVES, StridedRange.of(ZERO, N)));
            assertEquals(1, starved.stats().unknownResults());
            assertTrue(normal.rangeUnionEquals(List.of(), HALVES, StridedRange.of(ZERO, N)));
            assertEquals(0, normal.stats().unknownResults());
        }
    }

    @Test
    void resourceLimitAppliesPerQueryNotPerSession() {
        try (Z3Entailment z3 = new Z3Entailment(SolverLimits.NONE.withResourceLimit(200_000))) {
            for (int k = 0; k < 200; k++) {
                LinearExpr end = N.plus(k);
                List<StridedRange> halves = List.of(new StridedRange(ZERO, end, 2),
                        new StridedRange(LinearExpr.constant(1), end, 2));
                assertTrue(z3.rangeUnionEquals(List.of(), halves, StridedRange.of(ZERO, end)), "query " + k);
            }
            assertEquals(0, z3.stats().unknownResults());
        }
    }

    @Test
    void limitsAreValidated() {
        assertThrows(IllegalArgumentException.class, () -> new SolverLimits(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> new SolverLimits(10, -1));
        assertThrows(IllegalArgumentException.class, () -> SolverLimits.timeout(Duration.ZERO));
        assertEquals(new SolverLimits(2, 0), SolverLimits.timeout(Duration.ofNanos(1_000_001)));
        assertEquals(new SolverLimits(Integer.MAX_VALUE, 0), SolverLimits.timeout(Duration.ofDays(365)));
    }

    @Test
    void wallClockLimitLetsOrdinaryQueriesThrough() {
        try (Z3Entailment z3 = new Z3Entailment(SolverLimits.timeout(Duration.ofMinutes(1)))) {
            assertTrue(z3.rangeUnionEquals(List.of(), HALVES, StridedRange.of(ZERO, N)));
            assertFalse(z3.rangeUnionEquals(List.of(), HALVES, StridedRange.of(ZERO, N.plus(1))));
        }
    }

    @Test
    void closedServiceRefusesQuestionsAndClosesOnce() {
        Z3Entailment z3 = new Z3Entailment(SolverLimits.NONE);
        assertTrue(z3.entails(List.of(), Fact.TRUE));
        z3.close();
        z3.close();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> z3.entails(List.of(), Fact.TRUE));
        assertEquals("this Z3Entailment is closed", e.getMessage());
    }
}
