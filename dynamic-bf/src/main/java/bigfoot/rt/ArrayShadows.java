package bigfoot.rt;

/**
 * Array shadows, kept in a weak identity map from the array object, with a two-entry per-thread cache
 * (the last two arrays looked up) in front of it, so loops over one or two arrays do not touch the map.
 */
final class ArrayShadows {

    private final WeakIdentityMap<ArrayShadow> shadows = new WeakIdentityMap<>();

    /** The shadow of {@code array[index]}, or null for a null array or an index out of bounds. */
    VarState element(Object array, int index, ThreadState ts) {
        if (array == null) {
            return null;
        }
        WeakIdentityMap.Entry<ArrayShadow> e = ts.recentArray;
        if (e == null || e.get() != array) {
            e = ts.olderArray;
            if (e == null || e.get() != array) {
                e = shadows.entry(array, ArrayShadow::new);
                ts.olderArray = ts.recentArray;
                ts.recentArray = e;
            }
        }
        return e.value.element(index);
    }
}
