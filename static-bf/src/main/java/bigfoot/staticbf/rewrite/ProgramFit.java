package bigfoot.staticbf.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The checks the rewritten program will have, computed once for the classes a run rewrites ({@link ClassFit}): each
 * method's {@link PlanFit} (whether it follows its plan, and which accesses the plan moves), and each field check it
 * will make, where. The rewriter follows these fits, and {@link FieldProxies} groups fields by these checks: both read
 * one answer. Load-time rewriting has none ({@link #NONE}): it fits each method as it rewrites it, and so does a run for
 * a class whose fit was kept from an earlier run.
 */
public final class ProgramFit {

    /** No program-wide fit: every method is fitted as it is rewritten. */
    public static final ProgramFit NONE = new ProgramFit(Map.of(), List.of());

    private final Map<String, PlanFit> byMethod;
    private final List<ClassFit.FieldCheck> fieldChecks;

    private ProgramFit(Map<String, PlanFit> byMethod, List<ClassFit.FieldCheck> fieldChecks) {
        this.byMethod = byMethod;
        this.fieldChecks = fieldChecks;
    }

    /** The program of {@code classes}, in their order. */
    public static ProgramFit of(List<ClassFit> classes) {
        Map<String, PlanFit> byMethod = new HashMap<>();
        List<ClassFit.FieldCheck> fieldChecks = new ArrayList<>();
        for (ClassFit c : classes) {
            byMethod.putAll(c.byMethod());
            fieldChecks.addAll(c.fieldChecks());
        }
        return new ProgramFit(byMethod, fieldChecks);
    }

    /** The fit of {@code method} of {@code owner}, if this program fit has it. */
    Optional<PlanFit> of(ClassNode owner, MethodNode method) {
        return Optional.ofNullable(byMethod.get(ClassFit.key(owner, method)));
    }

    /** Every field check of the program, class by class, method by method, in the order of its instructions, then of its plan. */
    List<ClassFit.FieldCheck> fieldChecks() {
        return fieldChecks;
    }
}
