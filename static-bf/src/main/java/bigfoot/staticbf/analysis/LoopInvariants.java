package bigfoot.staticbf.analysis;

import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPhiInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.types.FieldReference;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The values a loop defines that are the same in every iteration, so what the loop accesses through them is one
 * object's: phis that only pass one value through ({@code x = phi(a, x)}: WALA keeps them for variables an inner loop
 * does not change), and, by ALIAS (reference/bigfoot.md section 10.3, the alias facts {@code x = y.f} and
 * {@code x = y[z]}), loads (javac reloads {@code this.buf} for every {@code this.buf[i]}, and {@code g[i]} for every
 * {@code g[i][j]}). A load {@code x = y.f} (or {@code x = C.f}, {@code x = y[z]}) of a loop qualifies when its operands are defined
 * outside the loop or are loads that qualify, and nothing in the loop may write what it reads: the caller ensures the
 * loop neither acquires nor releases, and here no store to a field of the same name and type (any receiver), no
 * store of a reference into an array (for array loads), and no call, except to a few JDK methods that cannot
 * call back into the program.
 *
 * <p>As in the paper, this holds under the assumption that the program has no race: another thread could change
 * {@code y.f} between two iterations only by a write unordered with this thread's reads of {@code y.f}, which are
 * checked, so that race is reported. Hence the implementation is trace-precise (section 1): such a race may hide a
 * race on the arrays it swapped, never the first race.
 */
final class LoopInvariants {

    private LoopInvariants() {
    }

    /**
     * The values defined in {@code body} (among {@code defined}, everything {@code body} defines) that are the same in
     * every iteration of the loop.
     */
    static Set<Integer> in(IR ir, Set<ISSABasicBlock> body, Set<Integer> defined) {
        List<SSAInstruction> candidates = new ArrayList<>();
        body.forEach(b -> b.iteratePhis().forEachRemaining(phi -> {
            if (passedValue(phi) >= 0) {
                candidates.add(phi);
            }
        }));
        List<SSAInstruction> loads = new ArrayList<>();
        Set<String> writtenFields = new HashSet<>();
        boolean storesReferences = false;
        for (ISSABasicBlock b : body) {
            for (int i = b.getFirstInstructionIndex(); i >= 0 && i <= b.getLastInstructionIndex(); i++) {
                SSAInstruction insn = ir.getInstructions()[i];
                if (insn instanceof SSAAbstractInvokeInstruction call && !cannotWriteTheProgramsHeap(call)) {
                    return Set.of();
                } else if (insn instanceof SSAPutInstruction put) {
                    writtenFields.add(key(put.getDeclaredField()));
                } else if (insn instanceof SSAArrayStoreInstruction store && !store.getElementType().isPrimitiveType()) {
                    storesReferences = true;
                } else if (insn instanceof SSAGetInstruction || insn instanceof SSAArrayLoadInstruction) {
                    loads.add(insn);
                }
            }
        }
        for (SSAInstruction load : loads) {
            if (load instanceof SSAGetInstruction get ? !writtenFields.contains(key(get.getDeclaredField())) : !storesReferences) {
                candidates.add(load);
            }
        }
        Set<Integer> invariant = new HashSet<>();
        candidates.forEach(c -> invariant.add(c.getDef()));
        // an operand defined in the loop must itself be invariant (this.p.buf): drop candidates until none depends on a
        // dropped one (a phi's own value is its operand on the back edge: invariant while the phi is)
        boolean changed = true;
        while (changed) {
            changed = false;
            for (SSAInstruction c : candidates) {
                if (invariant.contains(c.getDef()) && !operandsInvariant(c, defined, invariant)) {
                    invariant.remove(c.getDef());
                    changed = true;
                }
            }
        }
        return invariant;
    }

    /** a if {@code phi} is {@code x = phi(a, .., a, x, .., x)} (so x is always a), else -1. */
    static int passedValue(SSAPhiInstruction phi) {
        int passed = -1;
        for (int u = 0; u < phi.getNumberOfUses(); u++) {
            int operand = phi.getUse(u);
            if (operand != phi.getDef()) {
                if (passed >= 0 && operand != passed) {
                    return -1;
                }
                passed = operand;
            }
        }
        return passed;
    }

    private static boolean operandsInvariant(SSAInstruction insn, Set<Integer> defined, Set<Integer> invariant) {
        for (int u = 0; u < insn.getNumberOfUses(); u++) {
            int operand = insn.getUse(u);
            if (defined.contains(operand) && !invariant.contains(operand)) {
                return false;
            }
        }
        return true;
    }

    /** A field by name and type: a store to any field that may be it (any class, any receiver) may change the load. */
    private static String key(FieldReference field) {
        return field.getName() + ":" + field.getFieldType().getName();
    }

    /** Static methods of {@code java.lang.Math} and {@code StrictMath}: they read and write no program object. */
    private static boolean cannotWriteTheProgramsHeap(SSAAbstractInvokeInstruction call) {
        String owner = call.getDeclaredTarget().getDeclaringClass().getName().toString();
        return call.isStatic() && (owner.equals("Ljava/lang/Math") || owner.equals("Ljava/lang/StrictMath"));
    }
}
