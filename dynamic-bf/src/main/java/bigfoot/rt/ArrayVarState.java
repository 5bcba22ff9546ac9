package bigfoot.rt;

import bigfoot.ir.Site;

/**
 * The shadow of the array indices {@code [first, end)}: one element of a fine shadow, or one block (the whole
 * array when coarse) of an adaptive one ({@link ArrayShadow}). A race on it is reported at index {@code first}.
 */
final class ArrayVarState extends VarState {

    private final Class<?> arrayType;
    final int first;
    /** Exclusive; lowered when an adaptive shadow splits this block (under the shadow's monitor). */
    int end;

    ArrayVarState(Class<?> arrayType, int first, int end) {
        this.arrayType = arrayType;
        this.first = first;
        this.end = end;
    }

    @Override
    Target target(Site site) {
        return new Target("array", arrayType.getTypeName(), null, first);
    }
}
