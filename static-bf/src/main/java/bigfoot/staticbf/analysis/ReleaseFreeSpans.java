package bigfoot.staticbf.analysis;

import bigfoot.staticbf.wala.KillSets;
import bigfoot.staticbf.wala.MethodIRs;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayReferenceInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.MethodReference;
import com.ibm.wala.types.TypeReference;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The red-card analysis of one method: a forward MUST dataflow over WALA's SSA CFG of the checks
 * available at each point ({@link AvailableChecks}). An access whose location already has a covering
 * check available needs no check of its own: that earlier check covers it with no release in between
 * (reference/bigfoot.md section 2), and since no check moves, every remaining check stays legitimate.
 *
 * <p>Rules, per instruction:
 * <ul>
 * <li>GEN at a checked access (non-volatile, non-final field of an application class, or array element):
 *     its location with its kind. Not on the exceptional edges out of the access (the access may have
 *     thrown before or instead of its check), and not for writes to an uninitialised {@code this}
 *     (the rewriter puts no check there).</li>
 * <li>KILL ALL at a release: monitorexit, a volatile (or unresolvable) field write, a call whose kill set
 *     includes RELEASE ([Call], section 7: Thread.start, Object.wait, CyclicBarrier.await, synchronized
 *     methods, ... and unresolvable calls), {@code Class.forName}, and the first initialisation of an
 *     application class (new, static access, static call): its rewritten {@code <clinit>} ends with a release.
 *     Acquires kill nothing.</li>
 * <li>MEET: intersection over all predecessors, normal and exceptional. A block's exceptional out-state is
 *     the meet of the states before each of its instructions, each with that instruction's kills applied.</li>
 * <li>Entry: nothing available.</li>
 * </ul>
 */
final class ReleaseFreeSpans {

    /** Fixed-point visits allowed per block before the method is given up (falls back to fasttrack). */
    private static final int VISITS_PER_BLOCK = 200;

    private final IR ir;
    private final SSACFG cfg;
    private final InstructionEffects effects;

    private ReleaseFreeSpans(IR ir, IClassHierarchy cha, KillSets killSets) {
        this.ir = ir;
        this.cfg = ir.getControlFlowGraph();
        this.effects = new InstructionEffects(ir, cha, killSets);
    }

    /** The bytecode indices of the accesses of {@code ir}'s method that need no check of their own. */
    static Set<Integer> removableChecks(IR ir, IClassHierarchy cha, KillSets killSets) {
        return new ReleaseFreeSpans(ir, cha, killSets).solve();
    }

    private Set<Integer> solve() {
        int n = cfg.getNumberOfNodes();
        AvailableChecks[] normalOut = new AvailableChecks[n];
        AvailableChecks[] exceptionalOut = new AvailableChecks[n];
        Deque<ISSABasicBlock> work = new ArrayDeque<>();
        BitSet queued = new BitSet(n);
        work.add(cfg.entry());
        queued.set(cfg.entry().getNumber());
        long budget = (long) VISITS_PER_BLOCK * n;
        while (!work.isEmpty()) {
            if (budget-- <= 0) {
                throw new IllegalStateException("no fixed point after " + VISITS_PER_BLOCK * n + " block visits");
            }
            ISSABasicBlock block = work.poll();
            queued.clear(block.getNumber());
            AvailableChecks in = in(block, normalOut, exceptionalOut);
            if (in == null) {
                continue;
            }
            AvailableChecks exceptional = in.copy();
            AvailableChecks normal = run(block, in, exceptional, null);
            int b = block.getNumber();
            if (!normal.equals(normalOut[b]) || !exceptional.equals(exceptionalOut[b])) {
                normalOut[b] = normal;
                exceptionalOut[b] = exceptional;
                cfg.getSuccNodes(block).forEachRemaining(s -> {
                    if (!queued.get(s.getNumber())) {
                        queued.set(s.getNumber());
                        work.add(s);
                    }
                });
            }
        }
        Set<Integer> removable = new TreeSet<>();
        for (ISSABasicBlock block : cfg) {
            AvailableChecks in = in(block, normalOut, exceptionalOut);
            if (in != null) {
                run(block, in, in.copy(), removable);
            }
        }
        return removable;
    }

    /** The meet of the predecessors' out-states along each edge; null while no predecessor has one (unreached). */
    private AvailableChecks in(ISSABasicBlock block, AvailableChecks[] normalOut, AvailableChecks[] exceptionalOut) {
        if (block.equals(cfg.entry())) {
            return AvailableChecks.empty();
        }
        AvailableChecks in = null;
        for (ISSABasicBlock pred : (Iterable<ISSABasicBlock>) () -> cfg.getPredNodes(block)) {
            int p = pred.getNumber();
            if (normalOut[p] == null) {
                continue; // not reached yet: top
            }
            if (cfg.getNormalSuccessors(pred).contains(block)) {
                in = meet(in, normalOut[p]);
            }
            if (cfg.getExceptionalSuccessors(pred).contains(block)) {
                in = meet(in, exceptionalOut[p]);
            }
        }
        return in;
    }

    private static AvailableChecks meet(AvailableChecks acc, AvailableChecks next) {
        if (acc == null) {
            return next.copy();
        }
        acc.meet(next);
        return acc;
    }

    /**
     * Runs the block's instructions over {@code state} (consumed), meeting into {@code exceptional} the state
     * an exception out of each instruction leaves; records removable accesses in {@code removable} if non-null.
     * Returns the normal out-state.
     */
    private AvailableChecks run(ISSABasicBlock block, AvailableChecks state, AvailableChecks exceptional,
            Set<Integer> removable) {
        SSAInstruction[] instructions = ir.getInstructions();
        for (int i = block.getFirstInstructionIndex(); i <= block.getLastInstructionIndex() && i >= 0; i++) {
            SSAInstruction insn = instructions[i];
            if (insn == null) {
                continue;
            }
            AvailableChecks thrown = state.copy();
            step(insn, thrown, false, null);
            exceptional.meet(thrown);
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
