package bigfoot.staticbf.placement;

import java.util.Optional;
import java.util.Set;
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

    /**
     * The checks of {@code method} that move away from their accesses, if the placement moves any there; when
     * present it decides every access of the method and {@link #checksAccess} is not asked.
     */
    default Optional<MethodPlan> plan(ClassNode owner, MethodNode method) {
        return Optional.empty();
    }

    /**
     * The bytecode indices (in the original code) of the accesses of {@code method} that get no check at all and
     * cover nothing, whatever {@link #checksAccess} or the plan say ({@link Elision}).
     */
    default Set<Integer> elided(ClassNode owner, MethodNode method) {
        return Set.of();
    }

    /**
     * The bytecode indices (in the original code) of the calls, allocations and static field accesses of
     * {@code method} that its analysis found cannot change the thread's epoch ({@code ReleaseFree}); every other one
     * may.
     */
    default Set<Integer> releaseFree(ClassNode owner, MethodNode method) {
        return Set.of();
    }

    /**
     * A digest of every answer this placement gives for the methods of {@code classInternalName}, if it can say: a class
     * rewritten under the same answers (and everything else the same) is rewritten the same, so a rewrite kept from an
     * earlier run can be reused. Empty if it cannot say (the class is then rewritten).
     */
    default Optional<String> classDigest(String classInternalName) {
        return Optional.empty();
    }

    /** What the placement's analysis cost, if it analyses the program. */
    default Optional<AnalysisStatistics> statistics() {
        return Optional.empty();
    }
}
