package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.rt.report.Target;

/**
 * The shadow of the array indices {@code first, first+step, .. < end}: one element of a fine shadow, or one
 * block (step 1; the whole array when coarse) or one residue class of a strided segment (step = the segment's
 * modulus) of an adaptive one ({@link ArrayShadow}). A race on it is reported at index {@code first}, which
 * never changes; {@code end} and {@code step} change as the adaptive shadow is cut, refined and merged (under
 * the shadow's monitor).
 */
final class ArrayVarState extends VarState {

    private final Class<?> arrayType;
    final int first;
    /** Exclusive. */
    int end;
    int step;

    ArrayVarState(Class<?> arrayType, int first, int end, int step) {
        this.arrayType = arrayType;
        this.first = first;
        this.end = end;
        this.step = step;
    }

    @Override
    Target target(Site site) {
        return new Target("array", arrayType.getTypeName(), null, first);
    }
}
