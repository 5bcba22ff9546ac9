package bigfoot.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LinearExprTest {
    private static final LinearExpr I = LinearExpr.var("i");
    private static final LinearExpr N = LinearExpr.var("n");

    @Test
    void equalPolynomialsAreEqualValues() {
        assertEquals(I, I.plus(1).minus(1));
        assertEquals(I.plus(N), N.plus(I));
        assertEquals(I.times(2).minus(N), I.plus(I).minus(N));
        assertEquals(I.plus(N).hashCode(), N.plus(I).hashCode());
        assertNotEquals(I, N);
        assertNotEquals(I, I.plus(1));
    }

    @Test
    void cancelledVariablesDisappear() {
        LinearExpr zero = I.minus(I);
        assertTrue(zero.isConstant());
        assertEquals(LinearExpr.constant(0), zero);
        assertEquals(Map.of("n", 1L), I.plus(N).minus(I).coefficients());
    }

    @Test
    void timesScalesEveryTermAndZeroGivesZero() {
        LinearExpr e = I.times(3).minus(N).plus(2).times(-2);
        assertEquals(Map.of("i", -6L, "n", 2L), e.coefficients());
        assertEquals(-4, e.constantTerm());
        assertEquals(LinearExpr.constant(0), e.times(0));
        assertEquals(e.negate().negate(), e);
    }

    @Test
    void printsReadably() {
        assertEquals("2*i - n + 1", I.times(2).minus(N).plus(1).toString());
        assertEquals("-i - 3", I.negate().minus(3).toString());
        assertEquals("0", LinearExpr.constant(0).toString());
        assertEquals("-7", LinearExpr.constant(-7).toString());
        assertEquals("v12", LinearExpr.value(12).toString());
    }

    @Test
    void ssaValuesAreNamedVariables() {
        assertEquals(LinearExpr.var("v3"), LinearExpr.value(3));
        assertThrows(IllegalArgumentException.class, () -> LinearExpr.value(-1));
    }

    @Test
    void rejectsNamesThatCouldClashWithInternalSymbols() {
        assertEquals("i'", LinearExpr.var("i'").toString());
        for (String bad : new String[] {"", "#index", "1x", "a b", "a+b"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LinearExpr.var(bad));
            assertTrue(e.getMessage().startsWith("invalid variable name '" + bad + "'"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> LinearExpr.var(null));
    }

    @Test
    void coefficientOverflowIsAnErrorNotAWrongExpression() {
        assertThrows(ArithmeticException.class, () -> I.times(Long.MAX_VALUE).times(2));
        assertThrows(ArithmeticException.class, () -> LinearExpr.constant(Long.MAX_VALUE).plus(1));
    }
}
