package bigfoot.rt;

import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/** Lazily made shadows of instance fields of rewritten classes, stored in the shadow field the rewriter added. */
final class FieldShadows {

    private FieldShadows() {
    }

    /** Installs a fresh shadow in {@code obj}'s shadow field unless another thread won; returns the one installed. */
    static VarState install(Object obj, AtomicReferenceFieldUpdater<Object, VarState> updater) {
        VarState fresh = new VarState();
        return updater.compareAndSet(obj, null, fresh) ? fresh : updater.get(obj);
    }
}
