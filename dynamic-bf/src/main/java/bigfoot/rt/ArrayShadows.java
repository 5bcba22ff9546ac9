package bigfoot.rt;

/**
 * Array shadows, kept in a weak identity map from the array object, with a small per-thread cache
 * (direct-mapped by identity hash) in front of it, so loops over a few arrays do not touch the map.
 */
final class ArrayShadows {

    private final WeakIdentityMap<ArrayShadow> shadows = new WeakIdentityMap<>();

    /** The shadow of {@code array[index]}, or null for a null array or an index out of bounds. */
    VarState element(Object array, int index, ThreadState ts) {
        if (array == null) {
            return null;
        }
        int slot = System.identityHashCode(array) & (ThreadState.ARRAY_CACHE_SIZE - 1);
        WeakIdentityMap.Entry<ArrayShadow> e = ts.arrayCache[slot];
        if (e == null || e.get() != array) {
            e = shadows.entry(array, ArrayShadow::new);
            ts.arrayCache[slot] = e;
        }
        return e.value.element(index);
    }
}
