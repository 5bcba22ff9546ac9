package bigfoot.z3;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.IntExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One normalised question, usable as a cache key: the history is a set (order and duplicates do not
 * matter) of already-normalised facts, and so are the covering parts of range questions.
 *
 * <p>Each question is answered by refutation: it holds iff {@code history ∧ counterexample} is
 * unsatisfiable. The universally quantified index of a range question becomes one free constant in the
 * counterexample, so every query stays quantifier-free.
 */
sealed interface Query {

    Set<Fact> history();

    /** A formula that is satisfiable (together with the history) exactly when the answer is "no". */
    BoolExpr counterexample(Z3Translator t);

    record Entails(Set<Fact> history, Fact goal) implements Query {
        Entails(List<Fact> history, Fact goal) {
            this(Set.copyOf(history), requireNonNull(goal, "goal"));
        }

        @Override
        public BoolExpr counterexample(Z3Translator t) {
            return t.fact(goal.negate());
        }
    }

    record Covers(Set<Fact> history, Set<StridedRange> covered, StridedRange wanted) implements Query {
        Covers(List<Fact> history, List<StridedRange> covered, StridedRange wanted) {
            this(Set.copyOf(history), Set.copyOf(covered), requireNonNull(wanted, "wanted range"));
        }

        @Override
        public BoolExpr counterexample(Z3Translator t) {
            return t.uncovered(t.index(), wanted, covered);
        }
    }

    /** Set equality as an empty symmetric difference: whole ⊆ ∪parts and every part ⊆ whole. */
    record UnionEquals(Set<Fact> history, Set<StridedRange> parts, StridedRange whole) implements Query {
        UnionEquals(List<Fact> history, List<StridedRange> parts, StridedRange whole) {
            this(Set.copyOf(history), Set.copyOf(parts), requireNonNull(whole, "whole range"));
        }

        @Override
        public BoolExpr counterexample(Z3Translator t) {
            IntExpr x = t.index();
            List<BoolExpr> witnesses = new ArrayList<>();
            witnesses.add(t.uncovered(x, whole, parts));
            parts.forEach(part -> witnesses.add(t.uncovered(x, part, Set.of(whole))));
            return t.or(witnesses);
        }
    }

    private static <T> T requireNonNull(T value, String what) {
        if (value == null) {
            throw new NullPointerException("the " + what + " of a query must not be null");
        }
        return value;
    }
}
