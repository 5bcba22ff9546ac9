package bigfoot.staticbf.analysis;

import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.wala.CallKills;
import bigfoot.staticbf.wala.MethodIRs;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.ssa.DefUse;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLengthInstruction;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayReferenceInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The BigFoot analysis of one method (the BigFoot dissertation, sections 3.3 and 3.5.1): four passes over WALA's
 * SSA CFG, each a must dataflow solved to its greatest fixed point ({@link BlockDataflow}):
 * <ol>
 * <li>known facts (forward): non-null values, in-bounds elements, initialised classes and class-init joins
 *     made; they decide which instructions may throw and which class uses may run a {@code <clinit>} (an
 *     acquire and a release: checks are never deferred across them, the BigFoot dissertation, section 3.5.1) or
 *     make the runtime's class-init join (an acquire);</li>
 * <li>past accesses {@code p◁} (forward): accessed with no release since;</li>
 * <li>anticipated accesses {@code p◇} (backward): accessed on every path ahead before any acquire, also on
 *     exceptional paths (an exception that leaves the method anticipates nothing);</li>
 * <li>past checks {@code p✓} and the concrete {@code check(C)} sets (forward).</li>
 * </ol>
 * Every access's check is deferred; {@code Checks(H, A)} places it at the latest point before it would be
 * lost: before an acquire ([Acq]: every unchecked past access), before a release ([Rel]: those not
 * anticipated), before a return (method exit), on a CFG edge whose target's meet loses it and does not
 * anticipate it ([If]/[Loop] merges), and before an instruction whose exception a handler of the method
 * would lose it, unless one handler of the method catches it: then on the way to that handler (CATCH STUB). When an
 * exception leaves the method (beyond the paper, which let unchecked exceptions skip deferred checks, section 3.5.1), a
 * handler of our own runs the checks still owed at the throwing instruction. A check
 * placed is a check of the strongest kind accessed (a write check covers reads, section 3.5.1), so several accesses of a
 * location in one release-free span share one check: {@code Point.move} gets one write check per field, all
 * at the end ({@code this.x/y/z} coalesced by position). Loops with a linear induction variable carry a range
 * invariant ({@link LoopRanges}) that absorbs their element accesses: one range check after the loop.
 */
final class BigFootMethod {

    /**
     * Past this many element and field checks owed when an instruction throws, they run before it instead (code
     * size stays linear).
     */
    static final int MAX_OWED_ON_THROW = 16;

    private final IR ir;
    final SSACFG cfg;
    /** The CFG's edges, read once (WALA builds a block's successor lists at every call). */
    final CfgEdges edges;
    private final Dominators<ISSABasicBlock> dom;
    final SSAInstruction[] insns;
    final InstructionEffects.Effect[] effects;
    final int thisValue;
    /** Pass 1's verdicts per instruction index. */
    final BitSet mayThrow = new BitSet();
    private final BitSet runsClinit = new BitSet();
    final BitSet joinsClassInit = new BitSet();
    LoopRanges ranges;
    /** ALIAS: value -> the earlier load's value it equals ({@link LoadAliases}). */
    private final Map<Integer, Integer> aliases;
    final RangeCoalescing coalescing;
    final ElementRuns elementRuns;
    /** MOD-SET: what each call may write. */
    private final HeapWrites.CallWrites callWrites;
    /** The values each block's phis define, by block number (a WALA block's hash code is a graph lookup). */
    private final Set<Integer>[] phiDefs;
    /** The locations the passes' facts name. */
    final Numbering<CheckedLocation> locations = new Numbering<>();

    private BigFootMethod(IR ir, IClassHierarchy cha, CallKills killSets, ProgramWrites modSets,
            RangeCoalescing coalescing, BitSet elided) {
        this.ir = ir;
        this.coalescing = coalescing;
        this.elementRuns = new ElementRuns(new LinearValues(new DefUse(ir), ir.getSymbolTable())::of);
        this.cfg = ir.getControlFlowGraph();
        this.edges = new CfgEdges(cfg);
        this.insns = ir.getInstructions();
        this.thisValue = ir.getMethod().isStatic() ? -1 : 1;
        InstructionEffects classify = new InstructionEffects(ir, cha, killSets, elided);
        Map<SSAAbstractInvokeInstruction, HeapWrites> atCall = new HashMap<>(); // asked once per path searched
        this.callWrites = call -> atCall.computeIfAbsent(call, c -> modSets.atCall(ir.getMethod(), c));
        this.effects = new InstructionEffects.Effect[insns.length];
        for (int i = 0; i < insns.length; i++) {
            effects[i] = insns[i] == null ? InstructionEffects.Effect.NONE : classify.of(insns[i]);
        }
        this.phiDefs = phiDefs(cfg);
        this.dom = Dominators.make(cfg, cfg.entry());
        this.aliases = LoadAliases.of(ir, edges, effects, dom, callWrites); // ALIAS: accesses through reloads name one location
        if (!aliases.isEmpty()) {
            for (int i = 0; i < insns.length; i++) {
                effects[i] = effects[i].renamed(aliases);
            }
        }
    }

    /**
     * The check plan of {@code ir}'s method; null if it has no checked access. The {@code elided} accesses
     * (instruction indices) get no check and cover nothing.
     */
    static MethodPlan plan(IR ir, IClassHierarchy cha, CallKills killSets, ProgramWrites modSets,
            RangeCoalescing coalescing, BitSet elided) {
        return new BigFootMethod(ir, cha, killSets, modSets, coalescing, elided).plan();
    }

    private MethodPlan plan() {
        if (Arrays.stream(effects).noneMatch(e -> e.access() != null)) {
            return null;
        }
        knownFacts();
        ranges = LoopRanges.find(ir, effects, dom, i -> acquires(i) || releases(i), this::throwsToHandler, mayThrow::get,
                callWrites, this::name);
        BlockDataflow<LocationFacts> past = BlockDataflow.forward(edges, FACTS, LocationFacts.none(locations),
                (block, state, exc) -> pastAccesses(block, state, exc), (from, to, out) -> withRanges(to, forgetPhis(to, out)));
        Map<Integer, LocationFacts> anticipatedBefore = new HashMap<>();
        BlockDataflow<LocationFacts> anticipated = BlockDataflow.backward(edges, FACTS, LocationFacts.none(locations),
                (block, state, exc) -> anticipated(block, state, exc.successors(), null),
                (from, to, in) -> forgetPhis(to, in));
        for (ISSABasicBlock block : cfg) {
            LocationFacts out = edges.isExit(block) ? null : anticipated.out(block);
            if (out != null) {
                anticipated(block, out.copy(), anticipated.exceptionalOut(block), anticipatedBefore);
            }
        }
        PlacementPass placement = new PlacementPass(this, past, anticipated, anticipatedBefore);
        BlockDataflow<LocationFacts> checks = BlockDataflow.forward(edges, FACTS, LocationFacts.none(locations),
                (block, state, exc) -> placement.run(block, state, exc, false),
                (from, to, out) -> forgetPhis(to, placement.edge(from, to, out, false)));
        for (ISSABasicBlock block : cfg) {
            LocationFacts in = checks.in(block);
            if (in != null) {
                placement.run(block, in, BlockDataflow.ignoringExceptions(), true);
            }
            LocationFacts out = checks.normalOut(block);
            if (out != null) {
                for (ISSABasicBlock to : cfg.getNormalSuccessors(block)) {
                    placement.edge(block, to, out.copy(), true);
                }
            }
        }
        return placement.toPlan();
    }

    private static final BlockDataflow.Lattice<LocationFacts> FACTS =
            BlockDataflow.lattice(LocationFacts::copy, LocationFacts::meet, (previous, next) -> next.settle(previous));


    // ---- pass 1: known facts -------------------------------------------------------------------------

    private void knownFacts() {
        BlockDataflow<KnownFacts> flow = BlockDataflow.forward(edges,
                BlockDataflow.lattice(KnownFacts::copy, KnownFacts::meet), KnownFacts.entry(thisValue),
                (block, state, exc) -> known(block, state, exc, false), (from, to, out) -> {
                    if (phiDefs(to).isEmpty()) {
                        return out;
                    }
                    KnownFacts facts = out.copy();
                    facts.forget(phiDefs(to));
                    return facts;
                });
        for (ISSABasicBlock block : cfg) {
            KnownFacts in = flow.in(block);
            if (in != null) {
                known(block, in, BlockDataflow.ignoringExceptions(), true);
            }
        }
    }

    private KnownFacts known(ISSABasicBlock block, KnownFacts state, BlockDataflow.ExceptionalState<KnownFacts> exc,
            boolean record) {
        for (int i = block.getFirstInstructionIndex(), lastIndex = block.getLastInstructionIndex(); i >= 0 && i <= lastIndex; i++) {
            SSAInstruction insn = insns[i];
            if (insn == null) {
                continue;
            }
            InstructionEffects.Effect e = effects[i];
            boolean throwing = insn.isPEI() && !cannotThrow(insn, e, state);
            if (throwing) {
                exc.leave(state);
            }
            boolean clinit = e.initializes() != null && !state.isInitialized(e.initializes());
            boolean join = e.joins() != null && !state.isJoined(e.joins());
            if (record) {
                mayThrow.set(i, throwing);
                runsClinit.set(i, clinit);
                joinsClassInit.set(i, join);
            }
            if (e.initializes() != null) {
                state.initialized(e.initializes());
            }
            if (e.joins() != null) {
                state.joined(e.joins());
            }
            learn(insn, state);
        }
        return state;
    }

    /**
     * Exceptions ruled out by the known facts: a dereference of a non-null value, an element accessed before (values
     * under their ALIAS names: a reload of a field dereferenced before is not null).
     */
    private boolean cannotThrow(SSAInstruction insn, InstructionEffects.Effect e, KnownFacts known) {
        if (insn instanceof SSAFieldAccessInstruction f) {
            return f.isStatic() ? e.initializes() == null || known.isInitialized(e.initializes()) : known.isNonNull(name(f.getRef()));
        } else if (insn instanceof SSAArrayLoadInstruction load) {
            return known.isInBounds(name(load.getArrayRef()), name(load.getIndex()));
        } else if (insn instanceof SSAArrayStoreInstruction store) { // aastore may throw ArrayStoreException
            return store.getElementType().isPrimitiveType() && known.isInBounds(name(store.getArrayRef()), name(store.getIndex()));
        } else if (insn instanceof SSAArrayLengthInstruction length) {
            return known.isNonNull(name(length.getArrayRef()));
        } else if (insn instanceof SSAAbstractInvokeInstruction call) {
            return isTotalMath(call);
        }
        return false;
    }

    /** The Math functions loop bounds use ({@code k < Math.min(n, i + w)}): total, they throw nothing. */
    private static final Set<String> TOTAL_MATH = Set.of("min", "max", "abs");

    private static boolean isTotalMath(SSAAbstractInvokeInstruction call) {
        String owner = call.getDeclaredTarget().getDeclaringClass().getName().toString();
        return call.isStatic() && (owner.equals("Ljava/lang/Math") || owner.equals("Ljava/lang/StrictMath"))
                && TOTAL_MATH.contains(call.getDeclaredTarget().getName().toString());
    }

    /** What an instruction that completed normally proves. */
    private void learn(SSAInstruction insn, KnownFacts state) {
        if (insn instanceof SSAFieldAccessInstruction f && !f.isStatic()) {
            state.nonNull(name(f.getRef()));
        } else if (insn instanceof SSAArrayReferenceInstruction a) {
            state.nonNull(name(a.getArrayRef()));
            state.inBounds(name(a.getArrayRef()), name(a.getIndex()));
        } else if (insn instanceof SSAArrayLengthInstruction length) {
            state.nonNull(name(length.getArrayRef()));
        } else if (insn instanceof SSAAbstractInvokeInstruction call && !call.isStatic()) {
            state.nonNull(name(call.getReceiver()));
        } else if (insn instanceof SSANewInstruction allocation) {
            state.nonNull(allocation.getDef());
        } else if (insn instanceof SSAMonitorInstruction monitor) {
            state.nonNull(name(monitor.getRef()));
        }
    }

    /** A value's ALIAS name ({@link LoadAliases}): the earlier load it equals, or itself. */
    private int name(int value) {
        return aliases.getOrDefault(value, value);
    }

    /**
     * PHI: on an edge into a block, the values its phis define are about to be redefined; facts naming them
     * (from an earlier iteration, or anticipated of the next) say nothing about the new values.
     */
    private LocationFacts forgetPhis(ISSABasicBlock block, LocationFacts facts) {
        Set<Integer> defs = phiDefs(block);
        if (defs.isEmpty()) {
            return facts;
        }
        LocationFacts kept = facts.copy();
        kept.removeIf(p -> p.mentions(defs));
        return kept;
    }


    Set<Integer> phiDefs(ISSABasicBlock block) {
        return phiDefs[block.getNumber()];
    }

    @SuppressWarnings("unchecked")
    private static Set<Integer>[] phiDefs(SSACFG cfg) {
        Set<Integer>[] defs = new Set[cfg.getNumberOfNodes()];
        for (ISSABasicBlock b : cfg) {
            Set<Integer> d = new HashSet<>();
            b.iteratePhis().forEachRemaining(phi -> d.add(phi.getDef()));
            defs[b.getNumber()] = d.isEmpty() ? Set.of() : d;
        }
        return defs;
    }

    /** True if instruction {@code i} may throw to a handler of this method. */
    private boolean throwsToHandler(int i) {
        if (!mayThrow.get(i)) {
            return false;
        }
        ISSABasicBlock block = ir.getBasicBlockForInstruction(insns[i]);
        return Arrays.stream(edges.exceptionalSuccessors(block)).anyMatch(s -> !edges.isExit(s));
    }

    /** [Loop]: a header's range invariants hold on both edges into it (LoopRanges). */
    private LocationFacts withRanges(ISSABasicBlock header, LocationFacts out) {
        List<LoopRanges.Range> at = ranges.at(header);
        if (at.isEmpty()) {
            return out;
        }
        LocationFacts facts = out.copy();
        at.forEach(r -> facts.add(r.location(), r.write(), r.access()));
        return facts;
    }

    /** [Acq]: an acquire, a {@code <clinit>} that may run (CLASS INIT), or the runtime's first class-init join. */
    boolean acquires(int i) {
        return effects[i].acquires() || runsClinit.get(i) || joinsClassInit.get(i);
    }

    boolean releases(int i) {
        return effects[i].releases() || runsClinit.get(i);
    }

    // ---- pass 2: past accesses -----------------------------------------------------------------------

    private LocationFacts pastAccesses(ISSABasicBlock block, LocationFacts state,
            BlockDataflow.ExceptionalState<LocationFacts> exc) {
        for (int i = block.getFirstInstructionIndex(), lastIndex = block.getLastInstructionIndex(); i >= 0 && i <= lastIndex; i++) {
            if (insns[i] != null) {
                stepPast(block, i, state, exc);
            }
        }
        return state;
    }

    void stepPast(ISSABasicBlock block, int i, LocationFacts state, BlockDataflow.ExceptionalState<LocationFacts> exc) {
        if (mayThrow.get(i)) {
            exc.leave(releases(i) ? LocationFacts.none(locations) : state);
        }
        if (releases(i)) {
            state.clear(); // [Rel]: past accesses end
        }
        InstructionEffects.Effect e = effects[i];
        if (e.access() != null && !ranges.coveredWhole(state, e.access(), e.write(), block)) {
            state.add(e.access(), e.write(), i); // [Read] / [Write]
        }
    }

    // ---- pass 3: anticipated accesses ----------------------------------------------------------------

    /** Backward over one block; records the anticipated set before each instruction in {@code before} if non-null. */
    private LocationFacts anticipated(ISSABasicBlock block, LocationFacts state, LocationFacts exceptionalIn,
            Map<Integer, LocationFacts> before) {
        for (int i = block.getLastInstructionIndex(), firstIndex = block.getFirstInstructionIndex(); i >= 0 && i >= firstIndex; i--) {
            if (insns[i] == null) {
                continue;
            }
            InstructionEffects.Effect e = effects[i];
            // DEF: above the instruction that defines a value, what is anticipated about it concerns a later value
            // (in a loop: the next iteration's), not the one a past access made: a[k] of the next probe is not a[k]
            forgetDefs(state, insns[i]);
            if (e.access() != null) {
                state.add(e.access(), e.write(), i);
            }
            if (acquires(i)) {
                state.clear(); // [Acq]: nothing after an acquire covers an access before it
            }
            if (mayThrow.get(i)) {
                // an exception anticipates only what its handler does; the access's own exception cannot happen
                // when a past access of the same location made it (same receiver / array and index values)
                boolean ownAccess = e.access() != null && !acquires(i) && !(insns[i] instanceof SSAArrayStoreInstruction s
                        && !s.getElementType().isPrimitiveType());
                if (exceptionalIn != null) {
                    state.meet(exceptionalIn);
                }
                if (ownAccess) {
                    state.add(e.access(), e.write(), i);
                }
            }
            if (before != null) {
                before.put(i, state.copy());
            }
        }
        return state;
    }

    private static void forgetDefs(LocationFacts state, SSAInstruction insn) {
        int n = insn.getNumberOfDefs();
        if (n > 0) {
            Set<Integer> defs = new HashSet<>();
            for (int d = 0; d < n; d++) {
                defs.add(insn.getDef(d));
            }
            state.removeIf(p -> p.mentions(defs));
        }
    }

    // ---- what pass 4 ({@link PlacementPass}) asks of the method ---------------------------------------

    /** A loop's range, perhaps to be checked only if the loop ran. */
    static boolean isLoopRange(CheckedLocation p) {
        return p instanceof CheckedLocation.ArrayRange
                || p instanceof CheckedLocation.IfLoopRan g && g.location() instanceof CheckedLocation.ArrayRange;
    }

    static int object(CheckedLocation p) {
        if (p instanceof CheckedLocation.InstanceField f) {
            return f.receiver();
        } else if (p instanceof CheckedLocation.ArrayElement a) {
            return a.array();
        }
        if (p instanceof CheckedLocation.IfLoopRan g) {
            return object(g.location());
        }
        if (p instanceof CheckedLocation.CoalescedRange r) {
            return r.array();
        }
        return p instanceof CheckedLocation.ArrayRange r ? r.array() : -1;
    }

    MethodPlan.Source planned(LoopRanges.Source src) {
        if (src instanceof LoopRanges.Source.Constant c) {
            return new MethodPlan.Source.Constant(c.value());
        } else if (src instanceof LoopRanges.Source.Parameter p) {
            return new MethodPlan.Source.Parameter(p.slot());
        } else if (src instanceof LoopRanges.Source.Defined d) {
            return new MethodPlan.Source.Defined(bci(d.instruction()));
        } else if (src instanceof LoopRanges.Source.Counted c) {
            return new MethodPlan.Source.Counted(c.tested(), c.testedInit(), c.testedStep(), c.init(), c.step());
        }
        LoopRanges.Source.Tested t = (LoopRanges.Source.Tested) src;
        return new MethodPlan.Source.Tested(bci(t.instruction()), t.operand());
    }

    int bci(int instructionIndex) {
        return MethodIRs.position(ir.getMethod(), instructionIndex)
                .orElseThrow(() -> new IllegalStateException("no bytecode index for instruction " + instructionIndex))
                .bytecodeIndex();
    }
}
