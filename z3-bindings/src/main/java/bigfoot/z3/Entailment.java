package bigfoot.z3;

import java.util.List;

/**
 * The questions StaticBF asks about its history H and anticipated set A (BigFoot §5, §9.1).
 *
 * <p>Every answer is "proved" ({@code true}) or "not proved" ({@code false}). "Not proved" is always the
 * safe answer for the caller: it keeps a check in place, keeps a range uncoalesced, or drops a fact from
 * a meet, so an implementation may answer {@code false} whenever it cannot decide (e.g. on a timeout).
 *
 * <p>Array paths enter as ranges: {@code z[i]} is {@code StridedRange.single(i)}, so the paper's
 * {@code {z[i]◁, i = j} ⊢ z[j]◁} is {@code coversRange([i == j], single(i), single(j))} and
 * {@code {i < 10} • {x[0..10]◇} ⊢ x[0..i]◇} is {@code coversRange([i < 10], 0..10, 0..i)}.
 */
public interface Entailment {

    /** Proves nothing: every answer is the safe "not proved" (for when Z3 cannot be loaded). */
    Entailment NOTHING_PROVED = new Entailment() {
        @Override
        public boolean entails(List<Fact> assumptions, Fact goal) {
            return false;
        }

        @Override
        public boolean coversRange(List<Fact> history, List<StridedRange> covered, StridedRange wanted) {
            return false;
        }

        @Override
        public boolean rangeUnionEquals(List<Fact> history, List<StridedRange> parts, StridedRange whole) {
            return false;
        }
    };

    /** {@code H ⊢ goal}: every integer assignment satisfying all assumptions satisfies the goal. */
    boolean entails(List<Fact> assumptions, Fact goal);

    /** Under H, every index of {@code wanted} is an index of {@code covered}. */
    default boolean coversRange(List<Fact> history, StridedRange covered, StridedRange wanted) {
        return coversRange(history, List.of(covered), wanted);
    }

    /** Under H, every index of {@code wanted} is an index of at least one of {@code covered}. */
    boolean coversRange(List<Fact> history, List<StridedRange> covered, StridedRange wanted);

    /**
     * The coalescing question (BigFoot §9.1, "array groups"): under H, is the union of {@code parts}
     * exactly the index set of {@code whole}? Choosing the candidate {@code whole} is the caller's job.
     */
    boolean rangeUnionEquals(List<Fact> history, List<StridedRange> parts, StridedRange whole);
}
