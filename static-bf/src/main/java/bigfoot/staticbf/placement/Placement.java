package bigfoot.staticbf.placement;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Decides where race checks go. The rewriter asks once per heap access (a field or array access
 * instruction of a method) whose check is a placement decision; synchronisation events, volatile
 * events and checks of foreign fields are not, and are always emitted.
 */
public interface Placement {

    /**
     * True if {@code access} in {@code method} of {@code owner} gets a check immediately before it.
     *
     * @param bytecodeIndex the access's index in the ORIGINAL code of the method (before any rewriting)
     */
    boolean checksAccess(ClassNode owner, MethodNode method, AbstractInsnNode access, int bytecodeIndex);
}
