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
 * The rewriter follows a plan only if it fits ({@link ProgramFit} has every method's fit of a run).
 *
 * @param plan     the plan, if it fits
 * @param mismatch true if the plan names positions the code does not have (worth a warning)
 * @param moved    the accesses whose checks the plan runs at other points ({@link MethodPlan#movedChecks})
 */
record PlanFit(Optional<MethodPlan> plan, boolean mismatch, Set<Integer> moved) {

    private static final PlanFit NONE = new PlanFit(Optional.empty(), false, Set.of());

    /** The fit of {@code env}'s plan for {@code method} of {@code owner}, with a warning if the plan does not match it. */
    static PlanFit checked(Environment env, ClassNode owner, MethodNode method, Map<AbstractInsnNode, Integer> bcis) {
        PlanFit fit = of(method, bcis, env.plan(owner, method));
        if (fit.mismatch()) { // once per method: a class whose fit was kept fits its methods again if it is rewritten
            String name = owner.name.replace('/', '.') + "." + method.name + method.desc;
            env.diagnostics().warnOnce("mismatch " + name, "bigfoot: the analysis of " + name
                    + " does not match its bytecode; its accesses keep their checks");
        }
        return fit;
    }

    private static PlanFit of(MethodNode method, Map<AbstractInsnNode, Integer> bcis, Optional<MethodPlan> candidate) {
        if (candidate.isEmpty()) {
            return NONE;
        }
        for (AbstractInsnNode insn : bcis.keySet()) {
            if (insn.getOpcode() == Opcodes.JSR || insn.getOpcode() == Opcodes.RET) {
                return NONE;
            }
        }
        Map<Integer, AbstractInsnNode> byBci = byBci(bcis);
        if (byBci.size() < bcis.size()) {
            return NONE; // two instructions at one index: JSR copies
        }
        for (MethodPlan.Source src : candidate.get().sources().values()) {
            if (src instanceof MethodPlan.Source.Parameter p && storesTo(method, p.slot())) {
                return NONE; // the parameter's local does not keep its value
            }
        }
        if (!byBci.keySet().containsAll(candidate.get().positions())) {
            return new PlanFit(Optional.empty(), true, Set.of());
        }
        return new PlanFit(candidate, false, candidate.get().movedChecks());
    }

    /** A method's original instructions by bytecode index (of two at one index, one). */
    static Map<Integer, AbstractInsnNode> byBci(Map<AbstractInsnNode, Integer> bcis) {
        Map<Integer, AbstractInsnNode> byBci = new HashMap<>();
        bcis.forEach((insn, bci) -> byBci.put(bci, insn));
        return byBci;
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
