package bigfoot.staticbf.origins;

import org.objectweb.asm.tree.AbstractInsnNode;

/** Where a reference value of an {@link OriginInterpreter} dataflow may come from. */
public interface Origin {

    /** {@code this} at entry, {@code null}, or anything no analysis follows. */
    enum Simple implements Origin { THIS, NULL, OTHER }

    /** The array an allocation (or a copy, or a call known to return a new array) made; equal only to itself. */
    record Fresh(AbstractInsnNode allocation) implements Origin {
    }
}
