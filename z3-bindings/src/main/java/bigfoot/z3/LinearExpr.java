package bigfoot.z3;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongBinaryOperator;
import java.util.regex.Pattern;

/**
 * An immutable integer linear expression {@code c0 + c1*x1 + ... + cn*xn} over named symbolic values.
 *
 * <p>The representation is canonical: variables are kept sorted by name and zero coefficients are
 * dropped, so two expressions that are equal as polynomials are {@link #equals equal} (this is what
 * makes the entailment cache hit on syntactic variants such as {@code (i + 1) - 1} and {@code i}).
 *
 * <p>Values are mathematical integers, not 32-bit Java ints: callers must only state facts that hold
 * over the integers (array index facts do, because a valid index is below {@code Integer.MAX_VALUE}).
 * Coefficient arithmetic that overflows a {@code long} throws {@link ArithmeticException}.
 */
public final class LinearExpr {
    /** Java-identifier-like names, plus {@code '} for renamed values ({@code i'}); '#' is reserved. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$']*");

    private static final LinearExpr ZERO = new LinearExpr(Collections.emptySortedMap(), 0);

    private final SortedMap<String, Long> coefficients;
    private final long constant;

    private LinearExpr(SortedMap<String, Long> coefficients, long constant) {
        this.coefficients = coefficients;
        this.constant = constant;
    }

    public static LinearExpr constant(long value) {
        return value == 0 ? ZERO : new LinearExpr(Collections.emptySortedMap(), value);
    }

    /** The symbolic value named {@code name}, e.g. {@code "i"} or {@code "v12"}. */
    public static LinearExpr var(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("invalid variable name '" + name
                    + "': expected a letter, '_' or '$' followed by letters, digits, '_', '$' or '''");
        }
        SortedMap<String, Long> single = new TreeMap<>();
        single.put(name, 1L);
        return new LinearExpr(Collections.unmodifiableSortedMap(single), 0);
    }

    /** The SSA value numbered {@code valueNumber}; the same variable as {@code var("v" + valueNumber)}. */
    public static LinearExpr value(int valueNumber) {
        if (valueNumber < 0) {
            throw new IllegalArgumentException("SSA value numbers are non-negative, got " + valueNumber);
        }
        return var("v" + valueNumber);
    }

    public LinearExpr plus(LinearExpr other) {
        return combine(other, Math::addExact);
    }

    public LinearExpr plus(long value) {
        return plus(constant(value));
    }

    public LinearExpr minus(LinearExpr other) {
        return combine(other, Math::subtractExact);
    }

    public LinearExpr minus(long value) {
        return minus(constant(value));
    }

    public LinearExpr times(long factor) {
        if (factor == 0) {
            return ZERO;
        }
        SortedMap<String, Long> scaled = new TreeMap<>();
        coefficients.forEach((name, c) -> scaled.put(name, Math.multiplyExact(c, factor)));
        return new LinearExpr(Collections.unmodifiableSortedMap(scaled), Math.multiplyExact(constant, factor));
    }

    public LinearExpr negate() {
        return times(-1);
    }

    private LinearExpr combine(LinearExpr other, LongBinaryOperator op) {
        SortedMap<String, Long> result = new TreeMap<>(coefficients);
        other.coefficients.forEach((name, c) -> {
            long combined = op.applyAsLong(result.getOrDefault(name, 0L), c);
            if (combined == 0) {
                result.remove(name);
            } else {
                result.put(name, combined);
            }
        });
        long newConstant = op.applyAsLong(constant, other.constant);
        return result.isEmpty() && newConstant == 0
                ? ZERO
                : new LinearExpr(Collections.unmodifiableSortedMap(result), newConstant);
    }

    /** Non-zero coefficients by variable name, sorted by name. */
    public Map<String, Long> coefficients() {
        return coefficients;
    }

    public long constantTerm() {
        return constant;
    }

    public boolean isConstant() {
        return coefficients.isEmpty();
    }

    /** The coefficient of the first variable in name order, or 0 for a constant. */
    long leadingCoefficient() {
        return coefficients.isEmpty() ? 0 : coefficients.get(coefficients.firstKey());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LinearExpr other
                && constant == other.constant
                && coefficients.equals(other.coefficients);
    }

    @Override
    public int hashCode() {
        return 31 * coefficients.hashCode() + Long.hashCode(constant);
    }

    /** E.g. {@code 2*i - n + 1}; a constant prints as its value. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        coefficients.forEach((name, c) -> appendTerm(out, c, name));
        if (constant != 0 || out.length() == 0) {
            appendTerm(out, constant, null);
        }
        return out.toString();
    }

    private static void appendTerm(StringBuilder out, long c, String name) {
        boolean first = out.length() == 0;
        if (!first) {
            out.append(c < 0 ? " - " : " + ");
        } else if (c < 0) {
            out.append('-');
        }
        // Long.MIN_VALUE has no positive counterpart; its decimal text without the sign is still right.
        String magnitude = Long.toString(c).replace("-", "");
        if (name == null) {
            out.append(magnitude);
        } else {
            out.append(Math.abs(c) == 1 ? "" : magnitude + "*").append(name);
        }
    }
}
