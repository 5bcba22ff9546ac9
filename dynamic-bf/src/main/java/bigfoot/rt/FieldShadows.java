package bigfoot.rt;

import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/** Lazily made shadows of instance fields of rewritten classes, stored in the shadow field the rewriter added. */
final class FieldShadows {

    private FieldShadows() {
    }

    /**
     * The shadow of {@code obj}'s field, given what its shadow field held: that one if it belongs to
     * {@code obj} (the fast case), else a fresh one installed by CAS (null: first check of the field;
     * another object's shadow: obj is a clone). If another thread installs first, its shadow is used.
     */
    static VarState of(Object obj, VarState seen, AtomicReferenceFieldUpdater<Object, VarState> updater) {
        VarState s = seen;
        while (s == null || ((FieldVarState) s).owner != obj) {
            VarState fresh = new FieldVarState(obj);
            if (updater.compareAndSet(obj, s, fresh)) {
                return fresh;
            }
            s = updater.get(obj);
        }
        return s;
    }
}
