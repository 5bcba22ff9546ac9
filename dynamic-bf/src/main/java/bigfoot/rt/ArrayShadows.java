package bigfoot.rt;

import java.lang.reflect.Array;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * Array shadows, kept in a weak identity map from the array object, with a small per-thread cache
 * (two-way set-associative by identity hash) in front of it, so loops over a few arrays do not touch the map:
 * direct-mapped into 16 slots, two of sparse's five arrays would share a slot in half of its runs (two of sor's
 * three rows and grid in a third), evicting each other at every access.
 * New shadows start COARSE in adaptive mode, FINE otherwise ({@link ArrayShadow}).
 */
final class ArrayShadows {

    private final WeakIdentityMap<ArrayShadow> shadows = new WeakIdentityMap<>();
    private final LongAdder allocated = new LongAdder();

    /** Made once: a capturing lambda at the lookup would be allocated on every miss of the cache. */
    private final Function<Object, ArrayShadow> newShadow;

    ArrayShadows(boolean adaptive) {
        this.newShadow = a -> new ArrayShadow(a.getClass(), Array.getLength(a), adaptive, allocated,
                ArrayShadow.Bounds.DEFAULT);
    }

    /** The shadow of {@code array}, or null for a null array. */
    ArrayShadow of(Object array, ThreadState ts) {
        if (array == null) {
            return null;
        }
        WeakIdentityMap.Entry<ArrayShadow>[] cache = ts.arrayCache;
        int way0 = (System.identityHashCode(array) & (ThreadState.ARRAY_CACHE_SETS - 1)) << 1;
        WeakIdentityMap.Entry<ArrayShadow> e = cache[way0];
        return e != null && e.refersTo(array) ? e.value : missed(array, cache, way0);
    }

    /**
     * Way 1 of the array's set, else the map. A way-1 hit moves nothing (two arrays of one set, used in turn, both
     * hit without stores); a miss goes to way 0, moving its entry to way 1.
     */
    private ArrayShadow missed(Object array, WeakIdentityMap.Entry<ArrayShadow>[] cache, int way0) {
        WeakIdentityMap.Entry<ArrayShadow> e = cache[way0 + 1];
        if (e != null && e.refersTo(array)) {
            return e.value;
        }
        e = shadows.entry(array, newShadow);
        cache[way0 + 1] = cache[way0];
        cache[way0] = e;
        return e.value;
    }

    /** The shadow of {@code array[index]}, or null for a null array or an index out of bounds. */
    VarState element(Object array, int index, ThreadState ts) {
        ArrayShadow a = of(array, ts);
        return a == null ? null : a.element(index);
    }

    /** The arrays' shadow memory made so far, in bytes (words and states, those split away included). */
    long allocated() {
        return allocated.sum();
    }
}
