package bigfoot.z3;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What StaticBF will ask: history entailment, coverage (H ⊢ p✓, H•A ⊢ p◇) and coalescing (§9.1). */
class Z3EntailmentTest {
    private static final LinearExpr I = LinearExpr.var("i");
    private static final LinearExpr I0 = LinearExpr.var("i'");
    private static final LinearExpr J = LinearExpr.var("j");
    private static final LinearExpr N = LinearExpr.var("n");
    private static final LinearExpr LO = LinearExpr.var("lo");
    private static final LinearExpr HI = LinearExpr.var("hi");
    private static final LinearExpr ZERO = LinearExpr.constant(0);

    private static Z3Entailment z3;

    @BeforeAll
    static void open() {
        z3 = new Z3Entailment(SolverLimits.NONE);
    }

    @AfterAll
    static void close() {
        z3.close();
    }

    private static LinearExpr c(long value) {
        return LinearExpr.constant(value);
    }

    private static StridedRange range(LinearExpr begin, LinearExpr end, long stride) {
        return new StridedRange(begin, end, stride);
    }

    @Test
    void strictBoundGivesTheSuccessorBound() {
        assertTrue(z3.entails(List.of(Fact.lt(I, N)), Fact.le(I.plus(1), N)));
        assertFalse(z3.entails(List.of(Fact.le(I, N)), Fact.le(I.plus(1), N)));
        assertFalse(z3.entails(List.of(), Fact.lt(I, N)));
    }

    @Test
    void loopFactsLoAtMostIBelowHi() {
        List<Fact> h = List.of(Fact.le(LO, I), Fact.lt(I, HI));
        assertTrue(z3.entails(h, Fact.lt(LO, HI)));
        assertTrue(z3.entails(h, Fact.le(I.plus(1), HI)));
        assertTrue(z3.entails(h, Fact.and(Fact.ge(I, LO), Fact.ne(I, HI))));
        assertFalse(z3.entails(h, Fact.lt(I.plus(1), HI)));
        assertFalse(z3.entails(h, Fact.eq(I, LO)));
        assertTrue(z3.entails(h, Fact.or(Fact.eq(I, LO), Fact.gt(I, LO))));
    }

    @Test
    void equalitiesAndDisjunctiveHistories() {
        List<Fact> h = List.of(Fact.eq(J, I.plus(1)));
        assertTrue(z3.entails(h, Fact.gt(J, I)));
        assertTrue(z3.entails(h, Fact.eq(J.times(2), I.times(2).plus(2))));
        assertFalse(z3.entails(h, Fact.eq(J, I)));
        assertTrue(z3.entails(List.of(Fact.or(Fact.lt(I, c(0)), Fact.gt(I, c(9))), Fact.ge(I, c(0))),
                Fact.ge(I, c(10))));
    }

    @Test
    void integerReasoningIsNotRealReasoning() {
        // 2i == 1 has no integer solution, so anything follows; over the reals it would not.
        assertTrue(z3.entails(List.of(Fact.eq(I.times(2), c(1))), Fact.eq(I, c(42))));
        // 0 < 2i < 2 has a real solution (i = 0.5) but no integer one.
        assertTrue(z3.entails(List.of(Fact.lt(ZERO, I.times(2)), Fact.lt(I.times(2), c(2))), Fact.FALSE));
    }

    @Test
    void inconsistentHistoryEntailsEverythingAndTrueNeedsNoHistory() {
        assertTrue(z3.entails(List.of(Fact.lt(I, N), Fact.ge(I, N)), Fact.eq(I, c(7))));
        assertTrue(z3.entails(List.of(), Fact.TRUE));
        assertFalse(z3.entails(List.of(), Fact.FALSE));
    }

    @Test
    void aliasedIndexCoversTheSameElement() {
        // {z[i]◁, i = j} ⊢ z[j]◁
        assertTrue(z3.coversRange(List.of(Fact.eq(I, J)), StridedRange.single(I), StridedRange.single(J)));
        assertFalse(z3.coversRange(List.of(), StridedRange.single(I), StridedRange.single(J)));
    }

    @Test
    void neighbouringAccessesCoverATwoElementRange() {
        // j == i + 1 and a[i], a[j] were accessed: a[i..i+2) is covered.
        List<StridedRange> accessed = List.of(StridedRange.single(I), StridedRange.single(J));
        StridedRange pair = StridedRange.of(I, I.plus(2));
        assertTrue(z3.coversRange(List.of(Fact.eq(J, I.plus(1))), accessed, pair));
        assertFalse(z3.coversRange(List.of(), accessed, pair));
        assertFalse(z3.coversRange(List.of(Fact.eq(J, I.plus(2))), accessed, pair));
        assertFalse(z3.coversRange(List.of(Fact.eq(J, I.plus(1))), accessed, StridedRange.of(I, I.plus(3))));
    }

    @Test
    void anticipatedPrefix() {
        // {i < 10} • {x[0..10]◇} ⊢ x[0..i]◇   (BigFoot §5)
        StridedRange anticipated = StridedRange.of(ZERO, c(10));
        assertTrue(z3.coversRange(List.of(Fact.lt(I, c(10))), anticipated, StridedRange.of(ZERO, I)));
        assertFalse(z3.coversRange(List.of(), anticipated, StridedRange.of(ZERO, I)));
        assertFalse(z3.coversRange(List.of(Fact.le(I, c(11))), anticipated, StridedRange.of(ZERO, I)));
    }

    @Test
    void loopRangeCoversTheCurrentElement() {
        List<Fact> h = List.of(Fact.le(LO, I), Fact.lt(I, HI));
        assertTrue(z3.coversRange(h, StridedRange.of(LO, HI), StridedRange.single(I)));
        assertFalse(z3.coversRange(h, StridedRange.of(LO, I), StridedRange.single(I)));
        assertFalse(z3.coversRange(List.of(Fact.le(LO, I)), StridedRange.of(LO, HI), StridedRange.single(I)));
    }

    @Test
    void emptyRangesAreCoveredByAnything() {
        assertTrue(z3.coversRange(List.of(Fact.le(N, ZERO)), List.of(), StridedRange.of(ZERO, N)));
        assertFalse(z3.coversRange(List.of(), List.of(), StridedRange.of(ZERO, N)));
    }

    @Test
    void stridedCoverage() {
        StridedRange evens = range(ZERO, N, 2);
        assertFalse(z3.coversRange(List.of(), evens, StridedRange.of(ZERO, N)));
        assertTrue(z3.coversRange(List.of(), evens, range(ZERO, N, 4)));
        assertTrue(z3.coversRange(List.of(), evens, range(c(2), N, 4)));
        assertFalse(z3.coversRange(List.of(), evens, range(c(1), N, 4)));
        List<Fact> inBounds = List.of(Fact.le(ZERO, I), Fact.lt(I, N));
        assertTrue(z3.coversRange(append(inBounds, Fact.eq(I, J.times(2))), evens, StridedRange.single(I)));
        assertFalse(z3.coversRange(append(inBounds, Fact.eq(I, J.times(2).plus(1))), evens, StridedRange.single(I)));
        // i is even but may lie outside 0..n
        assertFalse(z3.coversRange(List.of(Fact.eq(I, J.times(2))), evens, StridedRange.single(I)));
    }

    @Test
    void evenAndOddStridesCoalesceIntoTheWholeArray() {
        // a[0..n:2] ∪ a[1..n:2] == a[0..n:1]
        List<StridedRange> halves = List.of(range(ZERO, N, 2), range(c(1), N, 2));
        assertTrue(z3.rangeUnionEquals(List.of(), halves, StridedRange.of(ZERO, N)));
        assertTrue(z3.coversRange(List.of(), halves, StridedRange.of(ZERO, N)));
        assertFalse(z3.rangeUnionEquals(List.of(), halves, StridedRange.of(ZERO, N.plus(1))));
        assertFalse(z3.rangeUnionEquals(List.of(), halves, range(ZERO, N, 2)));
        assertFalse(z3.rangeUnionEquals(List.of(), List.of(range(ZERO, N, 2), range(c(3), N, 2)),
                StridedRange.of(ZERO, N)));
        // a[0..n:4] ∪ a[2..n:4] == a[0..n:2]
        assertTrue(z3.rangeUnionEquals(List.of(), List.of(range(ZERO, N, 4), range(c(2), N, 4)),
                range(ZERO, N, 2)));
    }

    @Test
    void loopBackEdgeExtendsTheAccessedPrefix() {
        // Fig 3.6(b): a[0..i'] ∪ a[i'] == a[0..i] when i == i'+1, as long as i' is a valid index.
        List<StridedRange> parts = List.of(StridedRange.of(ZERO, I0), StridedRange.single(I0));
        StridedRange prefix = StridedRange.of(ZERO, I);
        assertTrue(z3.rangeUnionEquals(List.of(Fact.eq(I, I0.plus(1)), Fact.ge(I0, ZERO)), parts, prefix));
        // Without 0 <= i' it fails: i' = -5 gives {-5} on the left and the empty set on the right.
        assertFalse(z3.rangeUnionEquals(List.of(Fact.eq(I, I0.plus(1))), parts, prefix));
    }

    @Test
    void adjacentBlocksCoalesceOnlyWhenTheyMeet() {
        List<StridedRange> blocks = List.of(StridedRange.of(LO, I), StridedRange.of(J, HI));
        StridedRange whole = StridedRange.of(LO, HI);
        List<Fact> ordered = List.of(Fact.le(LO, I), Fact.le(I, HI));
        assertTrue(z3.rangeUnionEquals(append(ordered, Fact.eq(I, J)), blocks, whole));
        assertFalse(z3.rangeUnionEquals(append(ordered, Fact.eq(J, I.plus(1))), blocks, whole));
        assertFalse(z3.rangeUnionEquals(List.of(Fact.eq(I, J)), blocks, whole));
    }

    @Test
    void emptyUnionEqualsOnlyAnEmptyWhole() {
        assertTrue(z3.rangeUnionEquals(List.of(), List.of(), StridedRange.of(N, N)));
        assertFalse(z3.rangeUnionEquals(List.of(), List.of(), StridedRange.of(ZERO, N)));
    }

    private static List<Fact> append(List<Fact> facts, Fact extra) {
        return Stream.concat(facts.stream(), Stream.of(extra)).toList();
    }
}
