package bigfoot.z3;

/**
 * The strided index range {@code begin..end:stride} of BFJ: the set
 * {@code { begin + k*stride | k >= 0, begin + k*stride < end }}. It is empty when {@code end <= begin}.
 *
 * <p>The bounds are symbolic; the stride must be a positive constant, which keeps every question about
 * ranges inside quantifier-free linear integer arithmetic (membership needs only {@code mod stride}).
 */
public record StridedRange(LinearExpr begin, LinearExpr end, long stride) {

    public StridedRange {
        if (begin == null || end == null) {
            throw new NullPointerException("a strided range needs a begin and an end");
        }
        if (stride < 1) {
            throw new IllegalArgumentException(
                    "unsupported stride " + stride + " in " + begin + ".." + end + ": the stride must be a positive constant");
        }
    }

    /** {@code begin..end:1}. */
    public static StridedRange of(LinearExpr begin, LinearExpr end) {
        return new StridedRange(begin, end, 1);
    }

    /** The single index {@code index}, i.e. {@code index..index+1:1}. */
    public static StridedRange single(LinearExpr index) {
        return of(index, index.plus(1));
    }

    @Override
    public String toString() {
        return begin + ".." + end + ":" + stride;
    }
}
