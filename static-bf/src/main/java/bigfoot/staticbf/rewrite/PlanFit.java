package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.placement.Placement;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Whether a placement's plan fits a method's code: every bytecode index it names is one instruction (no JSR
 * copies, no instruction the analysis saw differently) and the parameters it reads are never stored to.
 * The rewriter follows a plan only if it fits, and the field-proxy pass predicts the rewriter with the same test.
 *
 * @param plan  the plan, if it fits
 * @param byBci the method's instructions by original bytecode index (empty unless it fits)
 * @param mismatch true if the plan names positions the code does not have (worth a warning)
 * @param moved    the accesses whose checks the plan runs at other points ({@link MethodPlan#movedChecks})
 */
record PlanFit(Optional<MethodPlan> plan, Map<Integer, AbstractInsnNode> byBci, boolean mismatch, Set<Integer> moved) {

    private static final PlanFit NONE = new PlanFit(Optional.empty(), Map.of(), false, Set.of());

    static PlanFit of(MethodNode method, Map<AbstractInsnNode, Integer> bcis, Optional<MethodPlan> candidate) {
        if (candidate.isEmpty()) {
            return NONE;
        }
        Map<Integer, AbstractInsnNode> byBci = new HashMap<>();
        for (Map.Entry<AbstractInsnNode, Integer> e : bcis.entrySet()) {
            int op = e.getKey().getOpcode();
            if (op == Opcodes.JSR || op == Opcodes.RET || byBci.put(e.getValue(), e.getKey()) != null) {
                return NONE;
            }
        }
        for (MethodPlan.Source src : candidate.get().sources().values()) {
            if (src instanceof MethodPlan.Source.Parameter p && storesTo(method, p.slot())) {
                return NONE; // the parameter's local does not keep its value
            }
        }
        if (!byBci.keySet().containsAll(candidate.get().positions())) {
            return new PlanFit(Optional.empty(), Map.of(), true, Set.of());
        }
        return new PlanFit(candidate, byBci, false, candidate.get().movedChecks());
    }

    /**
     * True if {@code access} (at original bytecode index {@code bci}) gets a check of its own: the placement does not
     * elide it, and it is not among the plan's unchecked accesses, or, for a method without a (fitting) plan, the
     * placement checks it.
     */
    boolean checksAt(Placement placement, ClassNode owner, MethodNode method, AbstractInsnNode access, int bci) {
        if (placement.elided(owner, method).contains(bci)) {
            return false;
        }
        return plan.isPresent() ? !plan.get().unchecked().contains(bci) : placement.checksAccess(owner, method, access, bci);
    }

    /** True if the plan runs the check of the access at {@code bci}, which it does not check there, at another point. */
    boolean movesCheckOf(int bci) {
        return moved.contains(bci);
    }

    private static boolean storesTo(MethodNode method, int slot) {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof VarInsnNode v && v.var == slot && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE
                    || insn instanceof IincInsnNode iinc && iinc.var == slot) {
                return true;
            }
        }
        return false;
    }
}
