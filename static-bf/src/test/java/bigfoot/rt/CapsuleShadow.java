package bigfoot.rt;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * Test double of the runtime's shadow of a capsule class: keeps "inside" (1) or "free" (0) in the object's capsule
 * word through the updater the rewritten class made, so that a rewrite that adds the wrong field, or enters and exits
 * unevenly, fails here.
 */
public final class CapsuleShadow {

    private final AtomicLongFieldUpdater<Object> word;

    CapsuleShadow(AtomicLongFieldUpdater<Object> word) {
        this.word = word;
    }

    /** 1 (entered) if the object was free, else 2 (nested). */
    int enter(Object obj) {
        return word.compareAndSet(obj, 0, 1) ? 1 : 2;
    }

    void exit(Object obj) {
        if (!word.compareAndSet(obj, 1, 0)) {
            throw new AssertionError("an exit of an object that is not inside an activation");
        }
    }
}
