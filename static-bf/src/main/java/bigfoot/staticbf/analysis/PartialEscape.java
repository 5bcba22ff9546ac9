package bigfoot.staticbf.analysis;

import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLengthInstruction;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSACheckCastInstruction;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstanceofInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.ssa.SSAPhiInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The static half of partial escape (Rhodes, "Correctness of Partial Escape Analysis for Multithreading
 * Optimization", FTFJP'17; the BigFoot dissertation's chapter 4): the field and array accesses of one method
 * whose object cannot have escaped its thread yet, which need no check.
 *
 * <p>An object is followed from where the method allocates it (an object or array {@code new}; in a constructor,
 * {@code this}, which no other code can hold at the constructor's entry) to its first PUBLISHING POINT: any use
 * of it but the receiver of a field access, the array of an element access or {@code arraylength}, a monitor
 * (locking never hands out a reference; the lock's events themselves are never elided, Fig. 4.1), an
 * {@code instanceof}, a branch comparing it, a checkcast (whose result is the same object, followed with it), or
 * an argument of a call whose every target keeps it to itself ({@link Callees}: a constructor that never lets
 * {@code this} go, {@code System.arraycopy}). Storing it anywhere, passing it to any other call, returning or
 * throwing it, and merging it in a phi are publishing points: stricter than the chapter's rules (a store into another
 * fresh object publishes it too), never weaker.
 *
 * <p>Before its first publishing point on every path no other thread can reach the object, so by the chapter's
 * Lemma 13 an access to it happens before any access of another thread that is not preceded by a race: the
 * detector stays trace-precise (Theorem 4.5.3; the first race of a run is still reported, a later race on such an
 * object may not be, Fig. 4.2).
 */
final class PartialEscape {

    /** Which arguments of a call of the analysed method its targets keep to themselves. */
    interface Callees {
        /** True if no target of {@code call} may publish the object it gets as argument {@code argument} (use). */
        boolean keep(SSAAbstractInvokeInstruction call, int argument);
    }

    private final IR ir;
    private final Callees callees;
    /**
     * Each followed value's object: the allocation, or the parameter ({@code this} included), it was made from.
     * Parameters are followed only to tell whether the method publishes them ({@link #publishedParameters}): no
     * other parameter than a constructor's {@code this} is unpublished at the method's entry.
     */
    private final Map<Integer, Integer> objectOf = new HashMap<>();
    /** The objects a phi merges, published there. */
    private final BitSet merged = new BitSet();

    private PartialEscape(IR ir, Callees callees) {
        this.ir = ir;
        this.callees = callees;
        findObjects();
    }

    /** Instruction indices of {@code ir}'s field and array accesses whose object has not been published on any path. */
    static BitSet unpublishedAccesses(IR ir, Callees callees) {
        PartialEscape e = new PartialEscape(ir, callees);
        BitSet accesses = new BitSet();
        if (!e.objectOf.isEmpty()) {
            e.solve(accesses);
        }
        return accesses;
    }

    /** The parameters of {@code ir}'s method (0 is {@code this}) that some instruction of it may publish. */
    static BitSet publishedParameters(IR ir, Callees callees) {
        PartialEscape e = new PartialEscape(ir, callees);
        BitSet published = (BitSet) e.merged.clone();
        for (SSAInstruction insn : ir.getInstructions()) {
            if (insn != null) {
                e.forEachPublished(insn, published::set);
            }
        }
        BitSet parameters = new BitSet();
        for (int i = 0; i < ir.getSymbolTable().getNumberOfParameters(); i++) {
            if (published.get(ir.getSymbolTable().getParameter(i))) {
                parameters.set(i);
            }
        }
        return parameters;
    }

    private boolean isConstructor() {
        return ir.getMethod().isInit();
    }

    private void findObjects() {
        for (int i = 0; i < ir.getSymbolTable().getNumberOfParameters(); i++) {
            int parameter = ir.getSymbolTable().getParameter(i);
            objectOf.put(parameter, parameter);
        }
        SSAInstruction[] insns = ir.getInstructions();
        for (SSAInstruction insn : insns) {
            if (insn instanceof SSANewInstruction allocation) {
                objectOf.put(allocation.getDef(), allocation.getDef());
            }
        }
        boolean changed = true;
        while (changed) { // checkcasts of checkcasts, in any instruction order
            changed = false;
            for (SSAInstruction insn : insns) {
                if (insn instanceof SSACheckCastInstruction cast && !objectOf.containsKey(cast.getDef())
                        && objectOf.containsKey(cast.getVal())) {
                    objectOf.put(cast.getDef(), objectOf.get(cast.getVal()));
                    changed = true;
                }
            }
        }
        // A phi merges an object with others (perhaps with itself from an earlier loop iteration, which the
        // allocation's reset below would mistake for the new one): such objects are never unpublished.
        for (Iterator<? extends SSAInstruction> it = ir.iteratePhis(); it.hasNext(); ) {
            SSAPhiInstruction phi = (SSAPhiInstruction) it.next();
            for (int j = 0; j < phi.getNumberOfUses(); j++) {
                Integer object = objectOf.get(phi.getUse(j));
                if (object != null) {
                    merged.set(object);
                }
            }
        }
    }

    /** A must dataflow: the objects unpublished on every path to a point; records the accesses to them. */
    private void solve(BitSet accesses) {
        BitSet entry = new BitSet();
        if (isConstructor() && !merged.get(1)) {
            entry.set(1); // no code but the constructor chain can hold this yet
        }
        BlockDataflow<BitSet> flow = BlockDataflow.forward(new CfgEdges(ir.getControlFlowGraph()),
                BlockDataflow.lattice(b -> (BitSet) b.clone(), BitSet::and), entry,
                (block, state, exc) -> step(block, state, exc, null));
        for (ISSABasicBlock block : ir.getControlFlowGraph()) {
            BitSet in = flow.in(block);
            if (in != null) {
                step(block, (BitSet) in.clone(), BlockDataflow.ignoringExceptions(), accesses);
            }
        }
    }

    private BitSet step(ISSABasicBlock block, BitSet unpublished, BlockDataflow.ExceptionalState<BitSet> exc,
            BitSet accesses) {
        SSAInstruction[] insns = ir.getInstructions();
        for (int i = block.getFirstInstructionIndex(), lastIndex = block.getLastInstructionIndex(); i >= 0 && i <= lastIndex; i++) {
            SSAInstruction insn = insns[i];
            if (insn == null) {
                continue;
            }
            int accessed = accessedObject(insn);
            if (accesses != null && accessed >= 0 && unpublished.get(accessed)) {
                accesses.set(i);
            }
            forEachPublished(insn, unpublished::clear);
            if (insn.isPEI()) {
                exc.leave((BitSet) unpublished.clone()); // a call that throws may have published its arguments
            }
            if (insn instanceof SSANewInstruction allocation && !merged.get(allocation.getDef())) {
                unpublished.set(allocation.getDef()); // a new object, whatever the value held in an earlier iteration
            }
        }
        return unpublished;
    }

    /** Runs {@code action} on each followed object {@code insn} publishes. */
    private void forEachPublished(SSAInstruction insn, IntConsumer action) {
        for (int j = 0; j < insn.getNumberOfUses(); j++) {
            Integer object = objectOf.get(insn.getUse(j));
            if (object != null && publishes(insn, j)) {
                action.accept(object);
            }
        }
    }

    /** The followed object whose field or element {@code insn} accesses, or -1. */
    private int accessedObject(SSAInstruction insn) {
        int ref = -1;
        if (insn instanceof SSAFieldAccessInstruction f && !f.isStatic()) {
            ref = f.getRef();
        } else if (insn instanceof SSAArrayLoadInstruction load) {
            ref = load.getArrayRef();
        } else if (insn instanceof SSAArrayStoreInstruction store) {
            ref = store.getArrayRef();
        }
        Integer object = ref < 0 ? null : objectOf.get(ref);
        return object == null ? -1 : object;
    }

    /** True if use {@code j} of {@code insn} is a publishing point of the object it uses. */
    private boolean publishes(SSAInstruction insn, int j) {
        if (insn instanceof SSAGetInstruction || insn instanceof SSAArrayLoadInstruction
                || insn instanceof SSAArrayLengthInstruction || insn instanceof SSAMonitorInstruction
                || insn instanceof SSAInstanceofInstruction || insn instanceof SSAConditionalBranchInstruction
                || insn instanceof SSACheckCastInstruction) {
            return false;
        } else if (insn instanceof SSAPutInstruction put) {
            return put.isStatic() || j != 0; // use 0 of putfield is the receiver, use 1 the value stored
        } else if (insn instanceof SSAArrayStoreInstruction) {
            return j == 2; // array, index, value
        } else if (insn instanceof SSAAbstractInvokeInstruction call) {
            return !callees.keep(call, j);
        }
        return true; // return, throw, and anything else that takes a reference
    }
}
