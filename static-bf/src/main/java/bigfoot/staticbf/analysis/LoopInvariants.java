package bigfoot.staticbf.analysis;

import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSABinaryOpInstruction;
import com.ibm.wala.ssa.SSAConversionInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPhiInstruction;
import com.ibm.wala.ssa.SSAUnaryOpInstruction;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The values a loop defines that are the same in every iteration, so what the loop accesses through them is one
 * object's: phis that only pass one value through ({@code x = phi(a, x)}: WALA keeps them for variables an inner loop
 * does not change), arithmetic on invariant values ({@code r + 1} in a test {@code p < start[r + 1]}), and, by ALIAS (the BigFoot dissertation, section 3.5.1, the alias facts {@code x = y.f} and
 * {@code x = y[z]}), loads (javac reloads {@code this.buf} for every {@code this.buf[i]}, and {@code g[i]} for every
 * {@code g[i][j]}). A load {@code x = y.f} (or {@code x = C.f}, {@code x = y[z]}) of a loop qualifies when its operands are defined
 * outside the loop or are loads that qualify, and nothing in the loop may write what it reads ({@link HeapWrites}: no
 * store to a field of the same name and type, into an array of the same element type, no call that may (MOD-SET,
 * {@link ModSets}); the caller ensures the loop neither acquires nor releases.
 *
 * <p>As in the paper, this holds under the assumption that the program has no race: another thread could change
 * {@code y.f} between two iterations only by a write unordered with this thread's reads of {@code y.f}, which are
 * checked, so that race is reported. Hence the implementation is trace-precise (the BigFoot dissertation, section 2.3.4): such a race may hide a
 * race on the arrays it swapped, never the first race.
 */
final class LoopInvariants {

    private LoopInvariants() {
    }

    /**
     * The values defined in {@code body} (among {@code defined}, everything {@code body} defines) that are the same in
     * every iteration of the loop; {@code calls} says what each call may write.
     */
    static Set<Integer> in(IR ir, Set<ISSABasicBlock> body, Set<Integer> defined, HeapWrites.CallWrites calls) {
        List<SSAInstruction> candidates = new ArrayList<>();
        body.forEach(b -> b.iteratePhis().forEachRemaining(phi -> {
            if (passedValue(phi) >= 0) {
                candidates.add(phi);
            }
        }));
        List<SSAInstruction> loads = new ArrayList<>();
        HeapWrites writes = new HeapWrites();
        for (ISSABasicBlock b : body) {
            for (int i = b.getFirstInstructionIndex(), lastIndex = b.getLastInstructionIndex(); i >= 0 && i <= lastIndex; i++) {
                SSAInstruction insn = ir.getInstructions()[i];
                if (insn != null) {
                    writes.add(insn, calls);
                    if (HeapWrites.isLoad(insn)) {
                        loads.add(insn);
                    } else if (isArithmetic(insn)) {
                        candidates.add(insn);
                    }
                }
            }
        }
        if (writes.writesAnything()) {
            return Set.of();
        }
        loads.stream().filter(load -> !writes.mayChange(load)).forEach(candidates::add);
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

    /** Arithmetic, which reads no memory: the same in every iteration when its operands are ({@code start[r + 1]}'s index). */
    private static boolean isArithmetic(SSAInstruction insn) {
        return insn instanceof SSABinaryOpInstruction || insn instanceof SSAUnaryOpInstruction
                || insn instanceof SSAConversionInstruction;
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
}
