package bigfoot.rt;

import bigfoot.ir.Site;

/** The shadow of one array element (fine-grain arrays: one per element). */
final class ArrayElementState extends VarState {

    private final Class<?> arrayType;
    private final int index;

    ArrayElementState(Class<?> arrayType, int index) {
        this.arrayType = arrayType;
        this.index = index;
    }

    @Override
    Target target(Site site) {
        return new Target("array", arrayType.getTypeName(), null, index);
    }
}
