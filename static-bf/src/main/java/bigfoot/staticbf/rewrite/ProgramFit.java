package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.bytecode.BytecodeOffsets;
import bigfoot.staticbf.placement.MethodPlan.Bounds;
import bigfoot.staticbf.placement.MethodPlan.PlannedCheck;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The checks the rewritten program will have, computed once for the classes a run rewrites: each method's
 * {@link PlanFit} (whether it follows its plan, and which accesses the plan moves), and each field check it will make,
 * where. The rewriter follows these fits, and {@link FieldProxies} groups fields by these checks: both read one
 * answer. Load-time rewriting has none ({@link #NONE}): it fits each method as it rewrites it.
 */
public final class ProgramFit {

    /** No program-wide fit: every method is fitted as it is rewritten. */
    public static final ProgramFit NONE = new ProgramFit(Map.of(), List.of());

    /**
     * A field check a method will make.
     *
     * @param point  the method and the point in it: its own access ({@code object} -1, {@code ranIf} null), or a
     *               point of its plan
     * @param field  the field instruction whose field it checks
     * @param object the value number of the receiver, -1 if unknown (a check at the access itself)
     * @param ranIf  the loop a planned check's "if the loop ran" guard names, else null
     * @param write  a write check
     */
    record FieldCheck(String point, FieldInsnNode field, int object, Bounds ranIf, boolean write) {
    }

    private final Map<String, PlanFit> byMethod;
    private final List<FieldCheck> fieldChecks;

    private ProgramFit(Map<String, PlanFit> byMethod, List<FieldCheck> fieldChecks) {
        this.byMethod = byMethod;
        this.fieldChecks = fieldChecks;
    }

    /** The fits of the methods of {@code classes} under {@code env}'s placement. */
    public static ProgramFit of(Collection<byte[]> classes, Environment env) {
        Map<String, PlanFit> byMethod = new HashMap<>();
        List<FieldCheck> fieldChecks = new ArrayList<>();
        for (byte[] bytes : classes) {
            ClassReader reader = new ClassReader(bytes);
            ClassNode owner = new ClassNode();
            reader.accept(owner, ClassReader.SKIP_FRAMES);
            BytecodeOffsets offsets = BytecodeOffsets.of(reader);
            for (MethodNode m : owner.methods) {
                if (m.instructions.size() > 0) {
                    Map<AbstractInsnNode, Integer> bcis = offsets.of(m);
                    PlanFit fit = PlanFit.checked(env, owner, m, bcis);
                    byMethod.put(key(owner, m), fit);
                    collect(env, owner, m, bcis, fit, fieldChecks);
                }
            }
        }
        return new ProgramFit(byMethod, fieldChecks);
    }

    /** The fit of {@code method} of {@code owner}, if this program fit has it. */
    Optional<PlanFit> of(ClassNode owner, MethodNode method) {
        return Optional.ofNullable(byMethod.get(key(owner, method)));
    }

    /** Every field check of the program, method by method, in the order of its instructions, then of its plan. */
    List<FieldCheck> fieldChecks() {
        return fieldChecks;
    }

    private static String key(ClassNode owner, MethodNode method) {
        return owner.name + "." + method.name + method.desc;
    }

    /** The field checks one method will make once rewritten. */
    private static void collect(Environment env, ClassNode owner, MethodNode method, Map<AbstractInsnNode, Integer> bcis,
            PlanFit fit, List<FieldCheck> into) {
        String key = key(owner, method);
        for (AbstractInsnNode insn : method.instructions) {
            Integer bci = bcis.get(insn);
            if (insn instanceof FieldInsnNode field && bci != null && fit.checksAt(env.placement(), owner, method, insn, bci)) {
                into.add(new FieldCheck(key + "@" + bci, field, -1, null, false));
            }
        }
        fit.plan().ifPresent(plan -> {
            Map<Integer, AbstractInsnNode> byBci = PlanFit.byBci(bcis);
            plan.before().forEach((bci, checks) -> planned(key + " before " + bci, checks, byBci, into));
            plan.onThrow().forEach((bci, checks) -> planned(key + " throw " + bci, checks, byBci, into));
            plan.onCatch().forEach((bci, checks) -> planned(key + " catch " + bci, checks, byBci, into));
            plan.edges().forEach((from, targets) -> targets.forEach((to, checks) ->
                    planned(key + " edge " + from + ">" + to, checks, byBci, into)));
        });
    }

    private static void planned(String point, List<PlannedCheck> checks, Map<Integer, AbstractInsnNode> byBci,
            List<FieldCheck> into) {
        for (PlannedCheck c : checks) {
            if (byBci.get(c.access()) instanceof FieldInsnNode field) {
                into.add(new FieldCheck(point, field, c.object(), c.ranIf(), c.write()));
            }
        }
    }
}
