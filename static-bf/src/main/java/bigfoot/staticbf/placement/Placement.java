package bigfoot.staticbf.placement;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Decides where race checks go. The rewriter asks once per heap access (a field or array access
 * instruction of a method); synchronisation events are not a placement decision and are always emitted.
 */
public interface Placement {

    /** True if {@code access} in {@code method} of {@code owner} gets a check immediately before it. */
    boolean checksAccess(ClassNode owner, MethodNode method, AbstractInsnNode access);
}
