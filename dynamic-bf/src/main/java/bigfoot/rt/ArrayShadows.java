package bigfoot.rt;

import java.lang.reflect.Array;
import java.util.concurrent.atomic.LongAdder;

/**
 * Array shadows, kept in a weak identity map from the array object, with a small per-thread cache
 * (direct-mapped by identity hash) in front of it, so loops over a few arrays do not touch the map.
 * New shadows start COARSE in adaptive mode, FINE otherwise ({@link ArrayShadow}).
 */
final class ArrayShadows {

    private final WeakIdentityMap<ArrayShadow> shadows = new WeakIdentityMap<>();
    private final boolean adaptive;
    private final LongAdder allocated = new LongAdder();

    ArrayShadows(boolean adaptive) {
        this.adaptive = adaptive;
    }

    /** The shadow of {@code array}, or null for a null array. */
    ArrayShadow of(Object array, ThreadState ts) {
        if (array == null) {
            return null;
        }
        int slot = System.identityHashCode(array) & (ThreadState.ARRAY_CACHE_SIZE - 1);
        WeakIdentityMap.Entry<ArrayShadow> e = ts.arrayCache[slot];
        if (e == null || !e.refersTo(array)) {
            e = shadows.entry(array, a -> new ArrayShadow(a.getClass(), Array.getLength(a), adaptive, allocated,
                    ArrayShadow.Bounds.DEFAULT));
            ts.arrayCache[slot] = e;
        }
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
