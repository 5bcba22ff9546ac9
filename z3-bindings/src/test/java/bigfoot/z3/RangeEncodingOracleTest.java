package bigfoot.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Checks the range encodings (bounds plus {@code mod stride}) against explicit index sets, on
 * randomly generated ranges (fixed seeds, so every run asks the same questions). Bounds are constants
 * or {@code n + constant}; for symbolic ranges the oracle enumerates n over a window far wider than the
 * offsets (below 10) and the strides' common period (at most 12), which decides "for all n".
 */
class RangeEncodingOracleTest {
    private static final LinearExpr N = LinearExpr.var("n");
    private static final long N_MIN = -40;
    private static final long N_MAX = 60;

    private static Z3Entailment z3;

    @BeforeAll
    static void open() {
        z3 = new Z3Entailment(SolverLimits.NONE);
    }

    @AfterAll
    static void close() {
        z3.close();
    }

    private record Bound(boolean onN, long offset) {
        long at(long n) {
            return (onN ? n : 0) + offset;
        }

        LinearExpr expr() {
            return onN ? N.plus(offset) : LinearExpr.constant(offset);
        }

        Bound shift(long delta) {
            return new Bound(onN, offset + delta);
        }

        static Bound random(Random rnd, boolean symbolic) {
            return new Bound(symbolic && rnd.nextBoolean(), rnd.nextInt(9) - 3);
        }
    }

    private record Sample(Bound begin, Bound end, long stride) {
        StridedRange range() {
            return new StridedRange(begin.expr(), end.expr(), stride);
        }

        Set<Long> indices(long n) {
            Set<Long> set = new TreeSet<>();
            for (long x = begin.at(n); x < end.at(n); x += stride) {
                set.add(x);
            }
            return set;
        }

        static Sample random(Random rnd, boolean symbolic) {
            return new Sample(Bound.random(rnd, symbolic), Bound.random(rnd, symbolic), 1 + rnd.nextInt(4));
        }
    }

    @Test
    void unionEqualityMatchesExplicitSets() {
        Random rnd = new Random(17);
        int[] outcomes = new int[2];
        for (int round = 0; round < 200; round++) {
            boolean symbolic = round % 2 == 1;
            Sample whole = Sample.random(rnd, symbolic);
            List<Sample> parts = round % 4 < 2 ? randomParts(rnd, symbolic) : nearSplit(rnd, whole, symbolic);
            boolean expected = holdsForAllN(symbolic, n -> union(parts, n).equals(whole.indices(n)));
            outcomes[expected ? 1 : 0]++;
            assertEquals(expected, z3.rangeUnionEquals(List.of(), ranges(parts), whole.range()),
                    () -> "union of " + ranges(parts) + " == " + whole.range());
        }
        assertBothAnswersSeen(outcomes);
    }

    @Test
    void coverageMatchesExplicitSets() {
        Random rnd = new Random(42);
        int[] outcomes = new int[2];
        for (int round = 0; round < 200; round++) {
            boolean symbolic = round % 2 == 1;
            List<Sample> covered = randomParts(rnd, symbolic);
            Sample wanted = Sample.random(rnd, symbolic);
            boolean expected = holdsForAllN(symbolic, n -> union(covered, n).containsAll(wanted.indices(n)));
            outcomes[expected ? 1 : 0]++;
            assertEquals(expected, z3.coversRange(List.of(), ranges(covered), wanted.range()),
                    () -> ranges(covered) + " covers " + wanted.range());
        }
        assertBothAnswersSeen(outcomes);
    }

    private static List<Sample> randomParts(Random rnd, boolean symbolic) {
        List<Sample> parts = new ArrayList<>();
        for (int p = 1 + rnd.nextInt(3); p > 0; p--) {
            parts.add(Sample.random(rnd, symbolic));
        }
        return parts;
    }

    /**
     * Splits {@code whole} into residue classes (stride k*m) or two blocks at a random cut, then maybe
     * moves one bound by one: equal unions and near misses, which random parts rarely produce.
     */
    private static List<Sample> nearSplit(Random rnd, Sample whole, boolean symbolic) {
        List<Sample> parts = new ArrayList<>();
        if (rnd.nextBoolean()) {
            int m = 2 + rnd.nextInt(2);
            for (int r = 0; r < m; r++) {
                parts.add(new Sample(whole.begin().shift(r * whole.stride()), whole.end(), whole.stride() * m));
            }
        } else {
            Bound cut = Bound.random(rnd, symbolic);
            parts.add(new Sample(whole.begin(), cut, whole.stride()));
            parts.add(new Sample(cut, whole.end(), whole.stride()));
        }
        if (rnd.nextBoolean()) {
            Sample p = parts.remove(rnd.nextInt(parts.size()));
            long delta = rnd.nextBoolean() ? 1 : -1;
            parts.add(rnd.nextBoolean() ? new Sample(p.begin().shift(delta), p.end(), p.stride())
                    : new Sample(p.begin(), p.end().shift(delta), p.stride()));
        }
        return parts;
    }

    /** The samples must exercise both answers, or the comparison proves little. */
    private static void assertBothAnswersSeen(int[] outcomes) {
        assertTrue(outcomes[0] >= 30 && outcomes[1] >= 30,
                () -> "unbalanced samples: " + outcomes[1] + " hold, " + outcomes[0] + " do not");
    }

    private static boolean holdsForAllN(boolean symbolic, LongPredicate p) {
        if (!symbolic) {
            return p.test(0);
        }
        for (long n = N_MIN; n <= N_MAX; n++) {
            if (!p.test(n)) {
                return false;
            }
        }
        return true;
    }

    private static Set<Long> union(List<Sample> samples, long n) {
        Set<Long> all = new TreeSet<>();
        samples.forEach(s -> all.addAll(s.indices(n)));
        return all;
    }

    private static List<StridedRange> ranges(List<Sample> samples) {
        return samples.stream().map(Sample::range).toList();
    }
}
