package bigfoot.rt;

import java.lang.reflect.Array;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** The shadow of one array: one lazily made VarState per element (fine-grain), installed by CAS. */
final class ArrayShadow {

    private final Class<?> type;
    private final AtomicReferenceArray<ArrayElementState> elements;

    ArrayShadow(Object array) {
        this.type = array.getClass();
        this.elements = new AtomicReferenceArray<>(Array.getLength(array));
    }

    /** The shadow of element {@code index}, or null if the index is out of bounds (the access will throw). */
    VarState element(int index) {
        if (index < 0 || index >= elements.length()) {
            return null;
        }
        ArrayElementState e = elements.get(index);
        if (e != null) {
            return e;
        }
        ArrayElementState fresh = new ArrayElementState(type, index);
        return elements.compareAndSet(index, null, fresh) ? fresh : elements.get(index);
    }
}
