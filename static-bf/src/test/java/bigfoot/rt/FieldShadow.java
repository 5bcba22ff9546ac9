package bigfoot.rt;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Test double of the runtime's shadow of an instance field: uses the updaters the rewritten class made, as the
 * real runtime does, so a rewrite that adds the wrong fields, or passes the wrong word, fails here.
 */
public final class FieldShadow {

    private final AtomicLongFieldUpdater<Object> w;
    private final AtomicLongFieldUpdater<Object> r;
    private final AtomicReferenceFieldUpdater<Object, VarState> state;

    FieldShadow(AtomicLongFieldUpdater<Object> w, AtomicLongFieldUpdater<Object> r,
            AtomicReferenceFieldUpdater<Object, VarState> state) {
        this.w = w;
        this.r = r;
        this.state = state;
    }

    /**
     * A check with the word the rewritten code read: it must be the field's current one; the check then changes the
     * word. The field's VarState must be readable through its updater, as the runtime reads it past the same-epoch test.
     */
    void check(Object obj, long word, boolean write) {
        state.get(obj);
        AtomicLongFieldUpdater<Object> u = write ? w : r;
        if (u == null) {
            throw new AssertionError("a race check of a volatile field");
        }
        if (!u.compareAndSet(obj, word, word + 1)) {
            throw new AssertionError("the word passed is not the field's " + (write ? "W" : "R") + " word");
        }
    }

    /** The field's VarState, made through its updater. */
    void state(Object obj) {
        state.compareAndSet(obj, null, new VarState());
        if (state.get(obj) == null) {
            throw new AssertionError("no VarState installed");
        }
    }
}
