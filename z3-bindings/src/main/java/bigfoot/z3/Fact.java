package bigfoot.z3;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An immutable boolean fact over {@link LinearExpr}s: comparison atoms combined with and/or.
 *
 * <p>Facts are kept in negation normal form: {@link #negate()} pushes the negation down to the atoms,
 * so there is no "not" node. Every comparison is normalised to {@code expr <= 0}, {@code expr == 0} or
 * {@code expr != 0} (over the integers {@code a < b} is {@code a - b + 1 <= 0}), so {@code i < n} and
 * {@code i + 1 <= n} are the same fact.
 */
public sealed interface Fact permits Fact.Atom, Fact.And, Fact.Or {

    Fact TRUE = new And(List.of());
    Fact FALSE = new Or(List.of());

    static Fact le(LinearExpr left, LinearExpr right) {
        return new Atom(left.minus(right), Relation.LE_ZERO);
    }

    static Fact lt(LinearExpr left, LinearExpr right) {
        return new Atom(left.minus(right).plus(1), Relation.LE_ZERO);
    }

    static Fact ge(LinearExpr left, LinearExpr right) {
        return le(right, left);
    }

    static Fact gt(LinearExpr left, LinearExpr right) {
        return lt(right, left);
    }

    static Fact eq(LinearExpr left, LinearExpr right) {
        return new Atom(left.minus(right), Relation.EQ_ZERO);
    }

    static Fact ne(LinearExpr left, LinearExpr right) {
        return new Atom(left.minus(right), Relation.NE_ZERO);
    }

    static Fact and(Fact... conjuncts) {
        return new And(List.of(conjuncts));
    }

    static Fact or(Fact... disjuncts) {
        return new Or(List.of(disjuncts));
    }

    /** The logical negation, in negation normal form. */
    Fact negate();

    /** How an atom's expression compares with zero. */
    enum Relation {
        LE_ZERO("<="), EQ_ZERO("=="), NE_ZERO("!=");

        private final String symbol;

        Relation(String symbol) {
            this.symbol = symbol;
        }
    }

    /** {@code expr REL 0}. For == and != the sign is normalised (leading coefficient positive). */
    record Atom(LinearExpr expr, Relation relation) implements Fact {
        public Atom {
            if (expr == null || relation == null) {
                throw new NullPointerException("an atom needs an expression and a relation");
            }
            if (relation != Relation.LE_ZERO && expr.leadingCoefficient() < 0) {
                expr = expr.negate();
            }
        }

        @Override
        public Fact negate() {
            return switch (relation) {
                // not(e <= 0)  <=>  e >= 1  <=>  -e + 1 <= 0
                case LE_ZERO -> new Atom(expr.negate().plus(1), Relation.LE_ZERO);
                case EQ_ZERO -> new Atom(expr, Relation.NE_ZERO);
                case NE_ZERO -> new Atom(expr, Relation.EQ_ZERO);
            };
        }

        /** Printed with every term on the side where it is positive, e.g. {@code i + 1 <= n}. */
        @Override
        public String toString() {
            LinearExpr left = LinearExpr.constant(Math.max(expr.constantTerm(), 0));
            for (var term : expr.coefficients().entrySet()) {
                if (term.getValue() > 0) {
                    left = left.plus(LinearExpr.var(term.getKey()).times(term.getValue()));
                }
            }
            LinearExpr right = left.minus(expr);
            return left + " " + relation.symbol + " " + right;
        }
    }

    record And(List<Fact> conjuncts) implements Fact {
        public And {
            conjuncts = List.copyOf(conjuncts);
        }

        @Override
        public Fact negate() {
            return new Or(negateAll(conjuncts));
        }

        @Override
        public String toString() {
            return conjuncts.isEmpty() ? "true" : join(conjuncts, " && ");
        }
    }

    record Or(List<Fact> disjuncts) implements Fact {
        public Or {
            disjuncts = List.copyOf(disjuncts);
        }

        @Override
        public Fact negate() {
            return new And(negateAll(disjuncts));
        }

        @Override
        public String toString() {
            return disjuncts.isEmpty() ? "false" : join(disjuncts, " || ");
        }
    }

    private static List<Fact> negateAll(List<Fact> facts) {
        List<Fact> negated = new ArrayList<>(facts.size());
        facts.forEach(f -> negated.add(f.negate()));
        return negated;
    }

    private static String join(List<Fact> facts, String operator) {
        return facts.stream().map(String::valueOf).collect(Collectors.joining(operator, "(", ")"));
    }
}
