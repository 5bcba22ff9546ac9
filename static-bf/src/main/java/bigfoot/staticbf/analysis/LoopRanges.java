package bigfoot.staticbf.analysis;

import com.ibm.wala.cfg.Util;
import com.ibm.wala.shrike.shrikeBT.IConditionalBranchInstruction;
import com.ibm.wala.ssa.DefUse;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLengthInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAConditionalBranchInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPhiInstruction;
import com.ibm.wala.ssa.SymbolTable;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * Loop invariants of the form {@code a[init..i)◁} (the BigFoot dissertation, section 3.5.1, and its Fig 3.6(b)) for the loops
 * whose shape makes them true by construction, so no invariant search is needed:
 * <ul>
 * <li>a natural loop with one back edge, entered from one block outside it, tested at the top (the javac
 *     {@code for}/{@code while} shape: the test is the header's branch, or the branch ending the straight-line
 *     blocks after it, when the condition reads a field or an array: {@code i < this.n},
 *     {@code j < g[i].length}), left from its test, by exceptions that leave the method, and maybe by
 *     {@code break}s and {@code return}s in the body (a search loop), where the header's ranges hold too: the test
 *     ran in that iteration, so the tested variable the rewriter keeps is the header's;</li>
 * <li>a linear induction variable {@code i = phi(init, i + k)} (k a positive constant, possibly a chain of
 *     constant additions such as three {@code i++}) that the test compares, with {@code init} defined
 *     outside the loop; and maybe more induction variables of that form that it does not test (counters stepped in
 *     the body, {@code key[k++]});</li>
 * <li>an access {@code a[m*j + c]} (m > 0 and c constants, j an induction variable), {@code a} defined outside the
 *     loop or with the same value in every iteration ({@link LoopInvariants}: ALIAS, {@code this.buf[i]},
 *     {@code g[i][j]}), in a block that dominates the back edge (so it runs in every iteration that reaches the back
 *     edge);</li>
 * <li>no acquire and no release anywhere in the loop.</li>
 * </ul>
 * Then at the header {@code a[m*init+c..m*j+c:m*k)} has been accessed: empty on entry, and on the back edge
 * {@code a[m*init+c..m*j+c:m*k) ∪ a[m*j+c] = a[m*init+c..m*(j+k)+c:m*k)}. Likewise a location named by values
 * defined outside the loop or invariant in it ({@code b.f}), accessed in such a block, has been accessed if {@code i != init}. The
 * loop's element accesses are absorbed into the range, which is checked once, after the loop (or when an exception
 * leaves the method). The rewriter keeps the tested variable where the branch tests it, so there it has the header's
 * value in the whole iteration and after the loop; a variable j the branch does not test is COUNTED from it: after n
 * iterations {@code i = i0 + n*si} and {@code j = j0 + n*sj}, so {@code j = j0 + (i - i0) / si * sj}. Its own local
 * would not do: the counter is stepped inside the iteration (crypt's {@code in[i1++]} eight times), so no point of
 * the body sees the header's value of it in every iteration.
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

        /**
         * COUNTED: an induction variable the loop does not test, from the one it tests (values whose sources are
         * listed too): {@code init + (tested - testedInit) / testedStep * step}.
         */
        record Counted(int tested, int testedInit, int testedStep, int init, int step) implements Source {
        }
    }

    /**
     * WHOLE ARRAY: a range {@code a[0..i)} of stride 1 whose loop leaves only when {@code i >= a.length}, with the
     * loop's body: past the loop, the range holds every element of {@code a}.
     */
    private record Whole(CheckedLocation.ArrayRange range, Set<ISSABasicBlock> body) {
    }

    private final List<Whole> wholes = new ArrayList<>();
    private final Map<ISSABasicBlock, List<Range>> byHeader = new HashMap<>();
    /** The bodies of the loops that carry ranges, by header. */
    private final Map<ISSABasicBlock, Set<ISSABasicBlock>> bodies = new HashMap<>();
    /** Instructions of a loop's test, before its branch, that may throw: by index, the loop's header. */
    private final Map<Integer, ISSABasicBlock> beforeTest = new HashMap<>();
    private final Map<Integer, Source> sources = new HashMap<>();
    private final DefUse defUse;
    private final SymbolTable constants;
    private final LinearValues linear;

    private final IntUnaryOperator name;

    private LoopRanges(IR ir, IntUnaryOperator name) {
        this.name = name;
        this.defUse = new DefUse(ir);
        this.constants = ir.getSymbolTable();
        this.linear = new LinearValues(defUse, constants);
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

    /**
     * TESTED LATE: true if instruction {@code i} runs in a loop's test before its branch, and {@code p} is one of the
     * loop's facts. The rewriter keeps the tested variable at the branch, so there it still has the previous
     * iteration's value (or a previous run's): such an instruction may throw only in the first iteration
     * ({@link #find}), when the loop's facts are empty, so its exception owes none of them.
     */
    boolean notYetTested(int i, CheckedLocation p) {
        ISSABasicBlock header = beforeTest.get(i);
        return header != null && carries(header, p);
    }

    /**
     * WHOLE ARRAY: true if the element access {@code p} in {@code block} is covered by a past access in {@code past}
     * of a range that holds every element of the array, of a kind at least {@code write}'s (moldyn's partial forces,
     * zeroed by a loop over {@code f.length}, then updated at scattered indices): the access needs no fact of its
     * own, the range's check covers it. The element is in bounds, since the access completed.
     */
    boolean coveredWhole(LocationFacts past, CheckedLocation p, boolean write, ISSABasicBlock block) {
        if (wholes.isEmpty() || !(p instanceof CheckedLocation.ArrayElement e)) {
            return false;
        }
        for (Whole w : wholes) {
            if (w.range().array() == e.array() && !w.body().contains(block) && past.entails(w.range(), write)) {
                return true;
            }
        }
        return false;
    }

    /** True if the per-iteration fact {@code p} is absorbed on the back edge into one of {@code header}'s facts. */
    boolean absorbs(ISSABasicBlock header, CheckedLocation p, boolean write) {
        return at(header).stream().anyMatch(r -> r.absorbed().equals(p) && (r.write() || !write));
    }

    /**
     * ABSORBED: true if {@code p} is accessed in every iteration of a loop around {@code block}, which absorbs it on
     * its back edge into one of its ranges (crypt's {@code in[i1++]}: the range {@code in[i1 before the loop..i1)}).
     */
    boolean absorbedAround(ISSABasicBlock block, CheckedLocation p, boolean write) {
        return bodies.entrySet().stream().anyMatch(loop -> loop.getValue().contains(block) && absorbs(loop.getKey(), p, write));
    }

    /**
     * @param effects      what each instruction does
     * @param dom          the CFG's dominators
     * @param synchronises instruction indices that acquire or release
     * @param throwsInside instruction indices that may throw to a handler of the method (not out of it)
     * @param mayThrow     instruction indices that may throw
     * @param calls        what each call may write (MOD-SET)
     * @param name         a value's ALIAS name (the names of the accesses' locations)
     */
    static LoopRanges find(IR ir, InstructionEffects.Effect[] effects, Dominators<ISSABasicBlock> dom,
            IntPredicate synchronises, IntPredicate throwsInside, IntPredicate mayThrow, HeapWrites.CallWrites calls,
            IntUnaryOperator name) {
        LoopRanges ranges = new LoopRanges(ir, name);
        SSACFG cfg = ir.getControlFlowGraph();
        for (ISSABasicBlock header : cfg) {
            List<ISSABasicBlock> latches = new ArrayList<>();
            List<ISSABasicBlock> outside = new ArrayList<>();
            for (Iterator<ISSABasicBlock> it = cfg.getPredNodes(header); it.hasNext(); ) {
                ISSABasicBlock p = it.next();
                (dom.isDominatedBy(p, header) ? latches : outside).add(p);
            }
            if (latches.size() == 1 && outside.size() == 1 && !header.equals(cfg.entry())) {
                ranges.loop(ir, header, latches.get(0), dom, effects, synchronises, throwsInside, mayThrow, calls);
            }
        }
        return ranges;
    }

    private void loop(IR ir, ISSABasicBlock header, ISSABasicBlock latch, Dominators<ISSABasicBlock> dom,
            InstructionEffects.Effect[] effects, IntPredicate synchronises, IntPredicate throwsInside,
            IntPredicate mayThrow, HeapWrites.CallWrites calls) {
        SSACFG cfg = ir.getControlFlowGraph();
        Set<ISSABasicBlock> body = body(cfg, header, latch);
        SSAInstruction[] insns = ir.getInstructions();
        ISSABasicBlock testBlock = testBlock(cfg, header, latch, body);
        if (testBlock == null) {
            return;
        }
        for (ISSABasicBlock b : body) {
            for (int i = b.getFirstInstructionIndex(), lastIndex = b.getLastInstructionIndex(); i >= 0 && i <= lastIndex; i++) {
                if (insns[i] != null && (synchronises.test(i) || throwsInside.test(i))) {
                    return;
                }
            }
        }
        int last = testBlock.getLastInstructionIndex();
        SSAConditionalBranchInstruction test = (SSAConditionalBranchInstruction) insns[last];
        Set<Integer> defined = definedIn(ir, body);
        defined.removeAll(LoopInvariants.in(ir, body, defined, calls));
        List<Integer> throwingTest = throwingBeforeBranch(ir, cfg, header, testBlock, defined, mayThrow);
        if (throwingTest == null) {
            return;
        }
        SymbolTable symbols = ir.getSymbolTable();
        InductionVariable tested = null;
        List<InductionVariable> others = new ArrayList<>();
        for (Iterator<SSAPhiInstruction> it = header.iteratePhis(); it.hasNext(); ) {
            InductionVariable iv = inductionVariable(ir, it.next(), defined, symbols, dom, header);
            if (iv == null) {
                continue;
            }
            int operand = test.getUse(0) == iv.phi() ? 0 : test.getUse(1) == iv.phi() ? 1 : -1;
            if (tested == null && operand >= 0) {
                tested = iv;
                sources.put(iv.phi(), new Source.Tested(last, operand));
            } else {
                others.add(iv);
            }
        }
        if (tested == null) {
            return; // nothing tells whether the loop ran
        }
        List<InductionVariable> all = new ArrayList<>(List.of(tested));
        all.addAll(others);
        Map<Object, Range> facts = new HashMap<>(); // (array, phi, offset, scale) -> range; invariant location -> guarded
        for (ISSABasicBlock b : body) {
            if (!dom.isDominatedBy(latch, b)) {
                continue; // not run in every iteration
            }
            for (int k = b.getFirstInstructionIndex(), lastIndex = b.getLastInstructionIndex(); k >= 0 && k <= lastIndex; k++) {
                CheckedLocation p = insns[k] == null ? null : effects[k].access();
                Range fact = null;
                Object key = null;
                if (p instanceof CheckedLocation.ArrayElement e && !defined.contains(e.array())) {
                    for (InductionVariable iv : all) {
                        LinearValues.Linear index = linear.in(e.index(), iv.phi());
                        if (index != null && index.scale() > 0) {
                            key = List.of(e.array(), iv.phi(), index.offset(), index.scale());
                            fact = new Range(new CheckedLocation.ArrayRange(e.array(), iv.init(), iv.phi(),
                                    index.offset(), index.scale() * iv.step(), index.scale()), effects[k].write(), k, e);
                            break;
                        }
                    }
                }
                if (fact == null && p != null && !p.mentions(defined)) {
                    key = p;
                    fact = new Range(new CheckedLocation.IfLoopRan(p, tested.init(), tested.phi()), effects[k].write(), k, p);
                }
                Range old = key == null ? null : facts.get(key);
                if (fact != null && (old == null || fact.write() && !old.write())) {
                    facts.put(key, fact);
                }
            }
        }
        if (facts.isEmpty()) {
            sources.remove(tested.phi());
            return;
        }
        byHeader.computeIfAbsent(header, h -> new ArrayList<>()).addAll(facts.values());
        bodies.put(header, body);
        int wholeArray = lengthTestedAtExit(cfg, testBlock, test, tested, body);
        for (Range r : facts.values()) {
            if (r.location() instanceof CheckedLocation.ArrayRange a && a.array() == wholeArray && a.end() == tested.phi()
                    && a.offset() == 0 && a.stride() == 1 && a.scale() == 1 && symbols.isIntegerConstant(a.begin())
                    && symbols.getIntValue(a.begin()) == 0) {
                wholes.add(new Whole(a, body));
            }
        }
        throwingTest.forEach(i -> beforeTest.put(i, header));
        for (InductionVariable iv : all) {
            sources.put(iv.init(), iv.initSource());
            if (iv != tested) {
                sources.put(iv.phi(), new Source.Counted(tested.phi(), tested.init(), tested.step(), iv.init(), iv.step()));
            }
        }
    }

    /**
     * WHOLE ARRAY: the array (ALIAS name) whose length the loop's test compares its tested variable with, if the loop
     * is left only where the variable is at least that length ({@code i < a.length}, {@code a.length > i}: no
     * {@code break} or {@code return}, and exceptions leave the method); -1 otherwise.
     */
    private int lengthTestedAtExit(SSACFG cfg, ISSABasicBlock testBlock, SSAConditionalBranchInstruction test,
            InductionVariable tested, Set<ISSABasicBlock> body) {
        ISSABasicBlock exit = null;
        for (ISSABasicBlock b : body) {
            for (ISSABasicBlock s : cfg.getNormalSuccessors(b)) {
                if (!body.contains(s) && (!b.equals(testBlock) || exit != null && !exit.equals(s))) {
                    return -1;
                }
                exit = body.contains(s) ? exit : s;
            }
        }
        if (exit == null) {
            return -1;                                          // never left normally
        }
        boolean taken = exit.equals(Util.getTakenSuccessor(cfg, testBlock));
        boolean phiFirst = test.getUse(0) == tested.phi();
        int bound = test.getUse(phiFirst ? 1 : 0);
        Object op = test.getOperator();
        // the exit needs phi >= bound: taken on phi >= bound or bound <= phi, not taken on phi < bound or bound > phi
        IConditionalBranchInstruction.Operator exitsAtLeast = phiFirst
                ? (taken ? IConditionalBranchInstruction.Operator.GE : IConditionalBranchInstruction.Operator.LT)
                : (taken ? IConditionalBranchInstruction.Operator.LE : IConditionalBranchInstruction.Operator.GT);
        boolean atLeast = op == exitsAtLeast;
        return atLeast && defUse.getDef(bound) instanceof SSAArrayLengthInstruction length
                ? name.applyAsInt(length.getArrayRef()) : -1;
    }

    /**
     * A linear induction variable {@code phi = phi(init, phi + step)} of a loop, step a positive constant (through a
     * chain of constant additions: {@code k++} three times steps by 3), {@code init} defined before the loop where the
     * rewriter can find it.
     */
    private record InductionVariable(int phi, int init, Source initSource, int step) {
    }

    private InductionVariable inductionVariable(IR ir, SSAPhiInstruction phi, Set<Integer> defined, SymbolTable symbols,
            Dominators<ISSABasicBlock> dom, ISSABasicBlock header) {
        if (phi.getNumberOfUses() != 2) {
            return null;
        }
        int i = phi.getDef();
        for (int back = 0; back < 2; back++) {
            int next = phi.getUse(back);
            int init = phi.getUse(1 - back);
            LinearValues.Linear step = constants.isConstant(next) ? null : linear.in(next, i);
            if (step == null || step.scale() != 1 || step.offset() <= 0 || defined.contains(init)) {
                continue;
            }
            Source initSource = source(ir, init, symbols, dom, header);
            return initSource == null ? null : new InductionVariable(i, init, initSource, step.offset());
        }
        return null;
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
        // a call defines its result and its exception: the result is its first def ({@code k = Math.max(0, i - w)})
        return def != null && def.iIndex() >= 0 && def.getNumberOfDefs() >= 1 && def.getDef(0) == value
                && (def.getNumberOfDefs() == 1 || def instanceof SSAAbstractInvokeInstruction)
                ? new Source.Defined(def.iIndex()) : null;
    }

    /** Bound on the straight-line blocks between a loop's header and its test. */
    private static final int MAX_TEST_BLOCKS = 8;

    /**
     * The block whose conditional branch tests the loop: the header, or the end of a chain of blocks each the only
     * successor of the one before (a condition reading a field or an array element is split at each instruction
     * that may throw); null if there is none before the latch.
     */
    private static ISSABasicBlock testBlock(SSACFG cfg, ISSABasicBlock header, ISSABasicBlock latch, Set<ISSABasicBlock> body) {
        ISSABasicBlock b = header;
        for (int n = 0; n <= MAX_TEST_BLOCKS && !b.equals(latch); n++) {
            int last = b.getLastInstructionIndex();
            if (last >= 0 && cfg.getInstructions()[last] instanceof SSAConditionalBranchInstruction) {
                return cfg.getNormalSuccessors(b).stream().anyMatch(s -> !body.contains(s)) ? b : null;
            }
            Collection<ISSABasicBlock> next = cfg.getNormalSuccessors(b);
            if (next.size() != 1) {
                return null;
            }
            b = next.iterator().next();
            if (!body.contains(b) || b.equals(header) || cfg.getPredNodeCount(b) != 1) {
                return null;
            }
        }
        return null;
    }

    /**
     * The instructions of the test, from the header to the branch, that may throw, if each may throw only in the first
     * iteration: not a call, every operand the same in every iteration (as {@code g[i].length} in a loop over j).
     * Null if one may throw in a later one ({@code j < limits[j]}, {@code i < list.size()}): its exception would owe
     * the loop's facts at a point where the rewriter does not have the tested variable's value.
     */
    private static List<Integer> throwingBeforeBranch(IR ir, SSACFG cfg, ISSABasicBlock header, ISSABasicBlock testBlock,
            Set<Integer> defined, IntPredicate mayThrow) {
        List<Integer> throwing = new ArrayList<>();
        SSAInstruction[] insns = ir.getInstructions();
        for (ISSABasicBlock b = header; ; b = cfg.getNormalSuccessors(b).iterator().next()) {
            for (int i = b.getFirstInstructionIndex(), lastIndex = b.getLastInstructionIndex(); i >= 0 && i <= lastIndex; i++) {
                SSAInstruction insn = insns[i];
                if (insn == null || !mayThrow.test(i) || insn instanceof SSAConditionalBranchInstruction) {
                    continue;
                }
                if (insn instanceof SSAAbstractInvokeInstruction) {
                    return null;
                }
                for (int u = 0; u < insn.getNumberOfUses(); u++) {
                    if (defined.contains(insn.getUse(u))) {
                        return null;
                    }
                }
                throwing.add(i);
            }
            if (b.equals(testBlock)) {
                return throwing;
            }
        }
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
            for (int i = b.getFirstInstructionIndex(), lastIndex = b.getLastInstructionIndex(); i >= 0 && i <= lastIndex; i++) {
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
