package bigfoot.staticbf.analysis;

import bigfoot.staticbf.wala.CallKills;
import bigfoot.staticbf.wala.MethodIRs;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAInstruction;
import java.util.BitSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The red-card analysis of one method: a forward MUST dataflow over WALA's SSA CFG of the checks
 * available at each point ({@link AvailableChecks}). An access whose location already has a covering
 * check available needs no check of its own: that earlier check covers it with no release in between
 * (the BigFoot dissertation, section 3.2), and since no check moves, every remaining check stays legitimate.
 *
 * <p>Rules, per instruction:
 * <ul>
 * <li>GEN at a checked access (non-volatile, non-final field of an application class, or array element):
 *     its location with its kind. Not on the exceptional edges out of the access (the access may have
 *     thrown before or instead of its check), and not for writes to an uninitialised {@code this}
 *     (the rewriter puts no check there).</li>
 * <li>KILL ALL at a release: monitorexit, a volatile (or unresolvable) field write, a call whose kill set
 *     includes RELEASE ([Call], section 3.3.3: Thread.start, Object.wait, CyclicBarrier.await, synchronized
 *     methods, ... and unresolvable calls), {@code Class.forName}, and the first initialisation of an
 *     application class (new, static access, static call): its rewritten {@code <clinit>} ends with a release.
 *     Acquires kill nothing.</li>
 * <li>MEET: intersection over all predecessors, normal and exceptional. A block's exceptional out-state is
 *     the meet of the states before each of its instructions, each with that instruction's kills applied.</li>
 * <li>Entry: nothing available.</li>
 * </ul>
 */
final class ReleaseFreeSpans {

    private final IR ir;
    private final SSACFG cfg;
    private final InstructionEffects effects;

    private ReleaseFreeSpans(IR ir, IClassHierarchy cha, CallKills killSets, BitSet elided) {
        this.ir = ir;
        this.cfg = ir.getControlFlowGraph();
        this.effects = new InstructionEffects(ir, cha, killSets, elided);
    }

    /**
     * The bytecode indices of the accesses of {@code ir}'s method that need no check of their own, besides those
     * {@code elided} (instruction indices), which get none and cover nothing.
     */
    static Set<Integer> removableChecks(IR ir, IClassHierarchy cha, CallKills killSets, BitSet elided) {
        return new ReleaseFreeSpans(ir, cha, killSets, elided).solve();
    }

    private Set<Integer> solve() {
        BlockDataflow<AvailableChecks> flow = BlockDataflow.forward(new CfgEdges(cfg),
                BlockDataflow.lattice(AvailableChecks::copy, AvailableChecks::meet), AvailableChecks.empty(),
                (block, state, exc) -> run(block, state, exc, null));
        Set<Integer> removable = new TreeSet<>();
        for (ISSABasicBlock block : cfg) {
            AvailableChecks in = flow.in(block);
            if (in != null) {
                run(block, in, BlockDataflow.ignoringExceptions(), removable);
            }
        }
        return removable;
    }

    /**
     * Runs the block's instructions over {@code state} (consumed), leaving on the exceptional edges the state at
     * the block's start and what an exception out of each instruction leaves; records removable accesses in
     * {@code removable} if non-null. Returns the normal out-state.
     */
    private AvailableChecks run(ISSABasicBlock block, AvailableChecks state,
            BlockDataflow.ExceptionalState<AvailableChecks> exceptional, Set<Integer> removable) {
        exceptional.leave(state.copy());
        SSAInstruction[] instructions = ir.getInstructions();
        for (int i = block.getFirstInstructionIndex(), lastIndex = block.getLastInstructionIndex(); i <= lastIndex && i >= 0; i++) {
            SSAInstruction insn = instructions[i];
            if (insn == null) {
                continue;
            }
            AvailableChecks thrown = state.copy();
            step(insn, thrown, false, null);
            exceptional.leave(thrown);
            step(insn, state, true, removable);
        }
        return state;
    }

    /** One instruction's effect; with {@code completed} false only what happens even if it throws (its kills). */
    private void step(SSAInstruction insn, AvailableChecks state, boolean completed, Set<Integer> removable) {
        InstructionEffects.Effect effect = effects.of(insn);
        if (effect.initializes() != null) {
            classInitialization(effect.initializes(), state, completed); // before the check and the access
        }
        if (effect.releases()) {
            state.release(); // MONITOREXIT, VOLATILE WRITE, [Call] with a RELEASE in its kill set
        }
        if (effect.access() != null && completed) { // an access that threw may have skipped its check: no GEN
            if (removable != null && state.covers(effect.access(), effect.write())) {
                MethodIRs.position(ir, insn).ifPresent(p -> removable.add(p.bytecodeIndex()));
            }
            state.checked(effect.access(), effect.write());
        }
    }

    /**
     * CLASS INIT: the first use of an application class runs its rewritten {@code <clinit>}, which ends with
     * a release (and may release inside). Once that completed, later uses run nothing.
     */
    private void classInitialization(IClass c, AvailableChecks state, boolean completed) {
        if (state.isInitialized(c)) {
            return;
        }
        state.release();
        if (completed) {
            state.initialized(c);
        }
    }
}
