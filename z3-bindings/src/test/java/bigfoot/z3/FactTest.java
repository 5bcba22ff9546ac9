package bigfoot.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FactTest {
    private static final LinearExpr I = LinearExpr.var("i");
    private static final LinearExpr J = LinearExpr.var("j");
    private static final LinearExpr N = LinearExpr.var("n");

    @Test
    void strictAndNonStrictIntegerComparisonsNormaliseToOneAtom() {
        assertEquals(Fact.lt(I, N), Fact.le(I.plus(1), N));
        assertEquals(Fact.gt(N, I), Fact.lt(I, N));
        assertEquals(Fact.ge(N, I), Fact.le(I, N));
        assertNotEquals(Fact.lt(I, N), Fact.le(I, N));
    }

    @Test
    void equalityIsSymmetric() {
        assertEquals(Fact.eq(J, I.plus(1)), Fact.eq(I.plus(1), J));
        assertEquals(Fact.ne(I, N), Fact.ne(N, I));
    }

    @Test
    void negationIsInNegationNormalForm() {
        assertEquals(Fact.le(N, I), Fact.lt(I, N).negate());
        assertEquals(Fact.ne(I, J), Fact.eq(I, J).negate());
        assertEquals(Fact.or(Fact.gt(I, N), Fact.ne(I, J)), Fact.and(Fact.le(I, N), Fact.eq(I, J)).negate());
        assertEquals(Fact.FALSE, Fact.TRUE.negate());
        Fact f = Fact.or(Fact.lt(I, N), Fact.and(Fact.eq(I, J), Fact.ne(J, N)));
        assertEquals(f, f.negate().negate());
    }

    @Test
    void printsWithTermsOnTheirPositiveSide() {
        assertEquals("i + 1 <= n", Fact.lt(I, N).toString());
        assertEquals("0 <= i", Fact.ge(I, LinearExpr.constant(0)).toString());
        assertEquals("i + 1 == j", Fact.eq(J, I.plus(1)).toString());
        assertEquals("(0 <= i && i + 1 <= n)",
                Fact.and(Fact.le(LinearExpr.constant(0), I), Fact.lt(I, N)).toString());
        assertEquals("true", Fact.TRUE.toString());
        assertEquals("false", Fact.FALSE.toString());
    }

    @Test
    void stridedRangeNeedsAPositiveConstantStride() {
        assertEquals("0..n:2", new StridedRange(LinearExpr.constant(0), N, 2).toString());
        assertEquals(StridedRange.of(I, I.plus(1)), StridedRange.single(I));
        for (long bad : new long[] {0, -1}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new StridedRange(LinearExpr.constant(0), N, bad));
            assertTrue(e.getMessage().contains("the stride must be a positive constant"), e.getMessage());
        }
    }
}
