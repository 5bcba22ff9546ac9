package bigfoot.rt;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/** An object of a rewritten class as the rewriter makes it: one field's (or capsule location's) two words and state. */
final class ShadowedObject {

    volatile long w;
    volatile long r;
    volatile VarState s;

    /** The shadow of that field, as a rewritten class's {@code <clinit>} makes it; a capsule class's location if named. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static FieldShadow shadow(String capsule) {
        return new FieldShadow((AtomicLongFieldUpdater) AtomicLongFieldUpdater.newUpdater(ShadowedObject.class, "w"),
                (AtomicLongFieldUpdater) AtomicLongFieldUpdater.newUpdater(ShadowedObject.class, "r"),
                (AtomicReferenceFieldUpdater) AtomicReferenceFieldUpdater.newUpdater(ShadowedObject.class,
                        VarState.class, "s"),
                capsule);
    }
}
