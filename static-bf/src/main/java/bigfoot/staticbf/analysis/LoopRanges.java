package bigfoot.staticbf.analysis;

import com.ibm.wala.shrike.shrikeBT.IBinaryOpInstruction;
import com.ibm.wala.ssa.DefUse;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSABinaryOpInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPhiInstruction;
import com.ibm.wala.ssa.SymbolTable;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Loop invariants of the form {@code a[init..i)◁} (reference/bigfoot.md section 10.2, Fig 3.6(b)) for the loops
 * whose shape makes them true by construction, so no invariant search is needed:
 * <ul>
 * <li>a natural loop with one back edge, entered from one block outside it, left only from its header (the
 *     javac {@code for}/{@code while} shape: test at the top), and by exceptions that leave the method;</li>
 * <li>a linear induction variable {@code i = phi(init, i + k)} (k a positive constant) that the header's branch
 *     tests, with {@code init} defined outside the loop;</li>
 * <li>an access {@code a[i + c]} (c a constant), {@code a} defined outside the loop, in a block that dominates
 *     the back edge (so it runs in every iteration that reaches the back edge);</li>
 * <li>no acquire and no release anywhere in the loop.</li>
 * </ul>
 * Then at the header {@code a[init+c..i+c:k)} has been accessed: empty on entry, and on the back edge
 * {@code a[init+c..i+c:k) ∪ a[i+c] = a[init+c..i+k+c:k)}. Likewise a location named by values defined
 * outside the loop ({@code b.f}), accessed in such a block, has been accessed if {@code i != init}. The loop's element accesses are absorbed into the range, which is
 * checked once, after the loop (or when an exception leaves the method).
 */
final class LoopRanges {

    /**
     * A fact a loop header carries (an {@link CheckedLocation.ArrayRange} or an {@link CheckedLocation.IfLoopRan}),
     * an access of the loop it stands for (its site and kind), and the per-iteration fact it absorbs on the
     * back edge.
     */
    record Range(CheckedLocation location, boolean write, int access, CheckedLocation absorbed) {
    }

    /** Where the rewriter finds a value a range check needs. */
    sealed interface Source {
        /** An int constant. */
        record Constant(int value) implements Source {
        }

        /** A parameter, in its local slot. */
        record Parameter(int slot) implements Source {
        }

        /** The result of the instruction at an instruction index (stored right after it). */
        record Defined(int instruction) implements Source {
        }

        /** A phi tested by the conditional branch at an instruction index, as its operand {@code operand}. */
        record Tested(int instruction, int operand) implements Source {
        }
    }

    private final Map<ISSABasicBlock, List<Range>> byHeader = new HashMap<>();
    private final Map<Integer, Source> sources = new HashMap<>();
    private final DefUse defUse;
    private final SymbolTable constants;

    private LoopRanges(IR ir) {
        this.defUse = new DefUse(ir);
        this.constants = ir.getSymbolTable();
    }

    Map<Integer, Source> sources() {
        return sources;
    }

    List<Range> at(ISSABasicBlock header) {
        return byHeader.getOrDefault(header, List.of());
    }

    /** True if {@code location} is one of the ranges {@code header} carries (its invariant re-establishes it). */
    boolean carries(ISSABasicBlock header, CheckedLocation location) {
        return at(header).stream().anyMatch(r -> r.location().equals(location));
    }

    /** True if the per-iteration fact {@code p} is absorbed on the back edge into one of {@code header}'s facts. */
    boolean absorbs(ISSABasicBlock header, CheckedLocation p, boolean write) {
        return at(header).stream().anyMatch(r -> r.absorbed().equals(p) && (r.write() || !write));
    }

    /**
     * @param effects      what each instruction does
     * @param synchronises instruction indices that acquire or release
     * @param throwsInside instruction indices that may throw to a handler of the method (not out of it)
     */
    static LoopRanges find(IR ir, InstructionEffects.Effect[] effects, IntPredicate synchronises,
            IntPredicate throwsInside) {
        LoopRanges ranges = new LoopRanges(ir);
        SSACFG cfg = ir.getControlFlowGraph();
        Dominators<ISSABasicBlock> dom = Dominators.make(cfg, cfg.entry());
        for (ISSABasicBlock header : cfg) {
            List<ISSABasicBlock> latches = new ArrayList<>();
            List<ISSABasicBlock> outside = new ArrayList<>();
            for (Iterator<ISSABasicBlock> it = cfg.getPredNodes(header); it.hasNext(); ) {
                ISSABasicBlock p = it.next();
                (dom.isDominatedBy(p, header) ? latches : outside).add(p);
            }
            if (latches.size() == 1 && outside.size() == 1 && !header.equals(cfg.entry())) {
                ranges.loop(ir, header, latches.get(0), dom, effects, synchronises, throwsInside);
            }
        }
        return ranges;
    }

    private void loop(IR ir, ISSABasicBlock header, ISSABasicBlock latch, Dominators<ISSABasicBlock> dom,
            InstructionEffects.Effect[] effects, IntPredicate synchronises, IntPredicate throwsInside) {
        SSACFG cfg = ir.getControlFlowGraph();
        Set<ISSABasicBlock> body = body(cfg, header, latch);
        SSAInstruction[] insns = ir.getInstructions();
        for (ISSABasicBlock b : body) {
            for (int i = b.getFirstInstructionIndex(); i >= 0 && i <= b.getLastInstructionIndex(); i++) {
                if (insns[i] != null && (synchronises.test(i) || throwsInside.test(i))) {
                    return;
                }
            }
            for (ISSABasicBlock s : cfg.getNormalSuccessors(b)) {
                if (!body.contains(s) && !b.equals(header)) {
                    return; // a second exit
                }
            }
        }
        int last = header.getLastInstructionIndex();
        if (last < 0 || !(insns[last] instanceof SSAConditionalBranchInstruction test)) {
            return;
        }
        Set<Integer> defined = definedIn(ir, body);
        SymbolTable symbols = ir.getSymbolTable();
        for (Iterator<SSAPhiInstruction> it = header.iteratePhis(); it.hasNext(); ) {
            SSAPhiInstruction phi = it.next();
            int i = phi.getDef();
            int operand = test.getUse(0) == i ? 0 : test.getUse(1) == i ? 1 : -1;
            if (phi.getNumberOfUses() != 2 || operand < 0) {
                continue;
            }
            int step = step(phi.getUse(0), i);
            int init = phi.getUse(1);
            if (step <= 0) {
                step = step(phi.getUse(1), i);
                init = phi.getUse(0);
            }
            if (step <= 0 || defined.contains(init)) {
                continue;
            }
            Source initSource = source(ir, init, symbols, dom, header);
            if (initSource == null) {
                continue;
            }
            Map<Object, Range> facts = new HashMap<>(); // (array, offset) -> range; invariant location -> guarded
            for (ISSABasicBlock b : body) {
                if (!dom.isDominatedBy(latch, b)) {
                    continue; // not run in every iteration
                }
                for (int k = b.getFirstInstructionIndex(); k >= 0 && k <= b.getLastInstructionIndex(); k++) {
                    CheckedLocation p = insns[k] == null ? null : effects[k].access();
                    Integer offset = p instanceof CheckedLocation.ArrayElement e && !defined.contains(e.array())
                            ? offset(e.index(), i) : null;
                    Range fact = null;
                    Object key = null;
                    if (offset != null) {
                        CheckedLocation.ArrayElement e = (CheckedLocation.ArrayElement) p;
                        key = List.of(e.array(), offset);
                        fact = new Range(new CheckedLocation.ArrayRange(e.array(), init, i, offset, step),
                                effects[k].write(), k, e);
                    } else if (p != null && !p.mentions(defined)) {
                        key = p;
                        fact = new Range(new CheckedLocation.IfLoopRan(p, init, i), effects[k].write(), k, p);
                    }
                    Range old = key == null ? null : facts.get(key);
                    if (fact != null && (old == null || fact.write() && !old.write())) {
                        facts.put(key, fact);
                    }
                }
            }
            if (!facts.isEmpty()) {
                byHeader.computeIfAbsent(header, h -> new ArrayList<>()).addAll(facts.values());
                sources.put(init, initSource);
                sources.put(i, new Source.Tested(last, operand));
            }
        }
    }

    /** {@code c} if {@code index} is {@code phi + c} (or {@code phi - c}) for a constant c, 0 for phi, else null. */
    private Integer offset(int index, int phi) {
        if (index == phi) {
            return 0;
        }
        SSAInstruction def = defUse.getDef(index);
        if (!(def instanceof SSABinaryOpInstruction op)) {
            return null;
        }
        boolean add = op.getOperator() == IBinaryOpInstruction.Operator.ADD;
        boolean subtract = op.getOperator() == IBinaryOpInstruction.Operator.SUB;
        int other = op.getUse(0) == phi ? op.getUse(1) : add && op.getUse(1) == phi ? op.getUse(0) : -1;
        if (!(add || subtract) || other < 0 || !constants.isIntegerConstant(other)) {
            return null;
        }
        return add ? constants.getIntValue(other) : -constants.getIntValue(other);
    }

    /** k if {@code value} is {@code phi + k} for a positive constant k, else 0. */
    private int step(int value, int phi) {
        if (constants.isConstant(value)) {
            return 0;
        }
        Integer k = offset(value, phi);
        return k == null || value == phi ? 0 : Math.max(k, 0);
    }

    /** Where the rewriter can find {@code value} after the loop, or null if it cannot. */
    private Source source(IR ir, int value, SymbolTable symbols, Dominators<ISSABasicBlock> dom,
            ISSABasicBlock header) {
        if (symbols.isIntegerConstant(value)) {
            return new Source.Constant(symbols.getIntValue(value));
        }
        if (symbols.isConstant(value)) {
            return null;
        }
        for (int p = 0; p < symbols.getNumberOfParameters(); p++) {
            if (symbols.getParameter(p) == value) {
                int slot = 0;
                for (int q = 0; q < p; q++) {
                    slot += ir.getMethod().getParameterType(q).getName().toString().matches("[JD]") ? 2 : 1;
                }
                return ir.getMethod().getParameterType(p).getName().toString().equals("I") ? new Source.Parameter(slot) : null;
            }
        }
        SSAInstruction def = defUse.getDef(value);
        if (def instanceof SSAPhiInstruction) {
            ISSABasicBlock block = ir.getBasicBlockForInstruction(def);
            int last = block == null ? -1 : block.getLastInstructionIndex();
            if (last >= 0 && !block.equals(header) && dom.isDominatedBy(header, block)
                    && ir.getInstructions()[last] instanceof SSAConditionalBranchInstruction test) {
                int operand = test.getUse(0) == value ? 0 : test.getUse(1) == value ? 1 : -1;
                return operand < 0 ? null : new Source.Tested(last, operand);
            }
            return null;
        }
        return def != null && def.iIndex() >= 0 && def.getNumberOfDefs() == 1 ? new Source.Defined(def.iIndex()) : null;
    }

    /** The natural loop of the back edge latch -> header. */
    private static Set<ISSABasicBlock> body(SSACFG cfg, ISSABasicBlock header, ISSABasicBlock latch) {
        Set<ISSABasicBlock> body = new HashSet<>();
        body.add(header);
        Deque<ISSABasicBlock> work = new ArrayDeque<>();
        if (body.add(latch)) {
            work.add(latch);
        }
        while (!work.isEmpty()) {
            for (Iterator<ISSABasicBlock> it = cfg.getPredNodes(work.poll()); it.hasNext(); ) {
                ISSABasicBlock p = it.next();
                if (body.add(p)) {
                    work.add(p);
                }
            }
        }
        return body;
    }

    private static Set<Integer> definedIn(IR ir, Set<ISSABasicBlock> body) {
        Set<Integer> defined = new HashSet<>();
        for (ISSABasicBlock b : body) {
            for (int i = b.getFirstInstructionIndex(); i >= 0 && i <= b.getLastInstructionIndex(); i++) {
                SSAInstruction insn = ir.getInstructions()[i];
                if (insn != null) {
                    for (int d = 0; d < insn.getNumberOfDefs(); d++) {
                        defined.add(insn.getDef(d));
                    }
                }
            }
            b.iteratePhis().forEachRemaining(phi -> defined.add(phi.getDef()));
        }
        return defined;
    }
}
