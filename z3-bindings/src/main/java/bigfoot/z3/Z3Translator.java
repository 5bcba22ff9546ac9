package bigfoot.z3;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.IntSort;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Translates facts, expressions and range membership into one Z3 context (not thread-safe). */
final class Z3Translator {
    /** Cannot clash with a {@link LinearExpr} variable: '#' is not allowed in their names. */
    private static final String INDEX_NAME = "#index";

    private final com.microsoft.z3.Context ctx;
    private final Map<String, IntExpr> variables = new HashMap<>();

    Z3Translator(com.microsoft.z3.Context ctx) {
        this.ctx = ctx;
    }

    BoolExpr fact(Fact fact) {
        if (fact instanceof Fact.Atom atom) {
            return atom(atom);
        }
        if (fact instanceof Fact.And and) {
            return ctx.mkAnd(facts(and.conjuncts()));
        }
        return ctx.mkOr(facts(((Fact.Or) fact).disjuncts()));
    }

    private BoolExpr[] facts(List<Fact> facts) {
        return facts.stream().map(this::fact).toArray(BoolExpr[]::new);
    }

    private BoolExpr atom(Fact.Atom atom) {
        ArithExpr<IntSort> e = expr(atom.expr());
        IntExpr zero = ctx.mkInt(0);
        return switch (atom.relation()) {
            case LE_ZERO -> ctx.mkLe(e, zero);
            case EQ_ZERO -> ctx.mkEq(e, zero);
            case NE_ZERO -> ctx.mkNot(ctx.mkEq(e, zero));
        };
    }

    @SuppressWarnings("unchecked")
    ArithExpr<IntSort> expr(LinearExpr e) {
        List<ArithExpr<IntSort>> terms = new ArrayList<>();
        e.coefficients().forEach((name, c) -> terms.add(
                c == 1 ? variable(name) : ctx.mkMul(ctx.mkInt(c), variable(name))));
        if (e.constantTerm() != 0 || terms.isEmpty()) {
            terms.add(ctx.mkInt(e.constantTerm()));
        }
        return terms.size() == 1 ? terms.get(0) : ctx.mkAdd(terms.toArray(ArithExpr[]::new));
    }

    private IntExpr variable(String name) {
        return variables.computeIfAbsent(name, ctx::mkIntConst);
    }

    /** The index every range query quantifies over; existential once the query is negated. */
    IntExpr index() {
        return variable(INDEX_NAME);
    }

    /**
     * {@code x ∈ begin..end:k}  iff  {@code begin <= x < end  and  (x - begin) mod k == 0}.
     * With a constant k this is Presburger arithmetic, so Z3 decides it without quantifiers.
     */
    BoolExpr member(IntExpr x, StridedRange range) {
        ArithExpr<IntSort> begin = expr(range.begin());
        BoolExpr inBounds = ctx.mkAnd(ctx.mkLe(begin, x), ctx.mkLt(x, expr(range.end())));
        if (range.stride() == 1) {
            return inBounds;
        }
        ArithExpr<IntSort> offset = ctx.mkSub(x, begin);
        return ctx.mkAnd(inBounds, ctx.mkEq(ctx.mkMod(offset, ctx.mkInt(range.stride())), ctx.mkInt(0)));
    }

    /** {@code x} is in {@code wanted} but in none of {@code covered}: a witness that coverage fails. */
    BoolExpr uncovered(IntExpr x, StridedRange wanted, Collection<StridedRange> covered) {
        List<BoolExpr> conjuncts = new ArrayList<>();
        conjuncts.add(member(x, wanted));
        covered.forEach(r -> conjuncts.add(ctx.mkNot(member(x, r))));
        return ctx.mkAnd(conjuncts.toArray(BoolExpr[]::new));
    }

    BoolExpr or(List<BoolExpr> disjuncts) {
        return ctx.mkOr(disjuncts.toArray(BoolExpr[]::new));
    }
}
