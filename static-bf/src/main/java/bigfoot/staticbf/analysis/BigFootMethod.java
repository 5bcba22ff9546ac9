package bigfoot.staticbf.analysis;

import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.placement.MethodPlan.PlannedCheck;
import bigfoot.staticbf.placement.MethodPlan.Stash;
import bigfoot.staticbf.wala.KillSets;
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
import com.ibm.wala.ssa.SSAReturnInstruction;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiPredicate;

/**
 * The BigFoot analysis of one method (reference/bigfoot.md sections 4-7 and 10.4): four passes over WALA's
 * SSA CFG, each a must dataflow solved to its greatest fixed point ({@link BlockDataflow}):
 * <ol>
 * <li>known facts (forward): non-null values, in-bounds elements, initialised classes and class-init joins
 *     made; they decide which instructions may throw and which class uses may run a {@code <clinit>} (an
 *     acquire and a release: checks are never deferred across them, section 10.5) or make the runtime's
 *     class-init join (an acquire);</li>
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
 * exception leaves the method (beyond the paper, which let unchecked exceptions skip deferred checks, 10.6), a
 * handler of our own runs the checks still owed at the throwing instruction. A check
 * placed is a check of the strongest kind accessed (a write check covers reads, 10.1), so several accesses of a
 * location in one release-free span share one check: {@code Point.move} gets one write check per field, all
 * at the end ({@code this.x/y/z} coalesced by position). Loops with a linear induction variable carry a range
 * invariant ({@link LoopRanges}) that absorbs their element accesses: one range check after the loop.
 */
final class BigFootMethod {

    /**
     * Past this many element and field checks owed when an instruction throws, they run before it instead (code
     * size stays linear).
     */
    private static final int MAX_OWED_ON_THROW = 16;

    private final IR ir;
    private final SSACFG cfg;
    private final Dominators<ISSABasicBlock> dom;
    private final SSAInstruction[] insns;
    private final InstructionEffects.Effect[] effects;
    private final int thisValue;
    /** Pass 1's verdicts per instruction index. */
    private final BitSet mayThrow = new BitSet();
    private final BitSet runsClinit = new BitSet();
    private final BitSet joinsClassInit = new BitSet();
    private LoopRanges ranges;
    /** ALIAS: value -> the earlier load's value it equals ({@link LoadAliases}). */
    private final Map<Integer, Integer> aliases;
    private final RangeCoalescing coalescing;
    private final ElementRuns elementRuns;
    /** MOD-SET: what each call may write. */
    private final HeapWrites.CallWrites callWrites;

    private BigFootMethod(IR ir, IClassHierarchy cha, KillSets killSets, ModSets modSets, RangeCoalescing coalescing,
            BitSet elided) {
        this.ir = ir;
        this.coalescing = coalescing;
        this.elementRuns = new ElementRuns(new LinearValues(new DefUse(ir), ir.getSymbolTable()));
        this.cfg = ir.getControlFlowGraph();
        this.insns = ir.getInstructions();
        this.thisValue = ir.getMethod().isStatic() ? -1 : 1;
        InstructionEffects classify = new InstructionEffects(ir, cha, killSets, elided);
        Map<SSAAbstractInvokeInstruction, HeapWrites> atCall = new HashMap<>(); // asked once per path searched
        this.callWrites = call -> atCall.computeIfAbsent(call, c -> modSets.atCall(ir.getMethod(), c));
        this.effects = new InstructionEffects.Effect[insns.length];
        for (int i = 0; i < insns.length; i++) {
            effects[i] = insns[i] == null ? InstructionEffects.Effect.NONE : classify.of(insns[i]);
        }
        this.dom = Dominators.make(cfg, cfg.entry());
        this.aliases = LoadAliases.of(ir, effects, dom, callWrites); // ALIAS: accesses through reloads name one location
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
    static MethodPlan plan(IR ir, IClassHierarchy cha, KillSets killSets, ModSets modSets, RangeCoalescing coalescing,
            BitSet elided) {
        return new BigFootMethod(ir, cha, killSets, modSets, coalescing, elided).plan();
    }

    private MethodPlan plan() {
        if (Arrays.stream(effects).noneMatch(e -> e.access() != null)) {
            return null;
        }
        knownFacts();
        ranges = LoopRanges.find(ir, effects, dom, i -> acquires(i) || releases(i), this::throwsToHandler, mayThrow::get,
                callWrites, this::name);
        BlockDataflow<LocationFacts> past = BlockDataflow.forward(cfg, FACTS, LocationFacts.empty(),
                (block, state, exc) -> pastAccesses(block, state, exc), (from, to, out) -> withRanges(to, forgetPhis(to, out)));
        Map<Integer, LocationFacts> anticipatedBefore = new HashMap<>();
        BlockDataflow<LocationFacts> anticipated = BlockDataflow.backward(cfg, FACTS, LocationFacts.empty(),
                (block, state, exc) -> anticipated(block, state, exc.successors(), null),
                (from, to, in) -> forgetPhis(to, in));
        for (ISSABasicBlock block : cfg) {
            LocationFacts out = block.equals(cfg.exit()) ? null : anticipated.out(block);
            if (out != null) {
                anticipated(block, out.copy(), anticipated.exceptionalOut(block), anticipatedBefore);
            }
        }
        Placement placement = new Placement(past, anticipated, anticipatedBefore);
        BlockDataflow<LocationFacts> checks = BlockDataflow.forward(cfg, FACTS, LocationFacts.empty(),
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
            BlockDataflow.lattice(LocationFacts::copy, LocationFacts::meet);


    // ---- pass 1: known facts -------------------------------------------------------------------------

    private void knownFacts() {
        BlockDataflow<KnownFacts> flow = BlockDataflow.forward(cfg,
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
        for (int i = block.getFirstInstructionIndex(); i >= 0 && i <= block.getLastInstructionIndex(); i++) {
            SSAInstruction insn = insns[i];
            if (insn == null) {
                continue;
            }
            InstructionEffects.Effect e = effects[i];
            boolean throwing = insn.isPEI() && !cannotThrow(insn, e, state);
            if (throwing) {
                exc.leave(state.copy());
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

    private final Map<ISSABasicBlock, Set<Integer>> phiDefs = new HashMap<>();

    private Set<Integer> phiDefs(ISSABasicBlock block) {
        return phiDefs.computeIfAbsent(block, b -> {
            Set<Integer> defs = new HashSet<>();
            b.iteratePhis().forEachRemaining(phi -> defs.add(phi.getDef()));
            return defs;
        });
    }

    /** True if instruction {@code i} may throw to a handler of this method. */
    private boolean throwsToHandler(int i) {
        if (!mayThrow.get(i)) {
            return false;
        }
        ISSABasicBlock block = ir.getBasicBlockForInstruction(insns[i]);
        return cfg.getExceptionalSuccessors(block).stream().anyMatch(s -> !s.equals(cfg.exit()));
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
    private boolean acquires(int i) {
        return effects[i].acquires() || runsClinit.get(i) || joinsClassInit.get(i);
    }

    private boolean releases(int i) {
        return effects[i].releases() || runsClinit.get(i);
    }

    // ---- pass 2: past accesses -----------------------------------------------------------------------

    private LocationFacts pastAccesses(ISSABasicBlock block, LocationFacts state,
            BlockDataflow.ExceptionalState<LocationFacts> exc) {
        for (int i = block.getFirstInstructionIndex(); i >= 0 && i <= block.getLastInstructionIndex(); i++) {
            if (insns[i] != null) {
                stepPast(block, i, state, exc);
            }
        }
        return state;
    }

    private void stepPast(ISSABasicBlock block, int i, LocationFacts state, BlockDataflow.ExceptionalState<LocationFacts> exc) {
        if (mayThrow.get(i)) {
            LocationFacts thrown = state.copy();
            if (releases(i)) {
                thrown.clear();
            }
            exc.leave(thrown);
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
        for (int i = block.getLastInstructionIndex(); i >= 0 && i >= block.getFirstInstructionIndex(); i--) {
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

    // ---- pass 4: past checks and the check sets ------------------------------------------------------

    /** Pass 4, and the plan it builds on its recording run. */
    private final class Placement {
        private final BlockDataflow<LocationFacts> past;
        private final BlockDataflow<LocationFacts> anticipated;
        private final Map<Integer, LocationFacts> anticipatedBefore;
        private final Map<ISSABasicBlock, Optional<LocationFacts>> pastIn = new HashMap<>();
        private final Map<Integer, Map<CheckedLocation, LocationFacts.Fact>> before = new LinkedHashMap<>();
        /** source block's last instruction -> target block's first instruction -> checks on that edge. */
        private final Map<Integer, Map<Integer, Map<CheckedLocation, LocationFacts.Fact>>> edges = new LinkedHashMap<>();
        private final Map<Integer, Map<CheckedLocation, LocationFacts.Fact>> onThrow = new LinkedHashMap<>();
        private final Map<Integer, Map<CheckedLocation, LocationFacts.Fact>> onCatch = new LinkedHashMap<>();

        Placement(BlockDataflow<LocationFacts> past, BlockDataflow<LocationFacts> anticipated,
                Map<Integer, LocationFacts> anticipatedBefore) {
            this.past = past;
            this.anticipated = anticipated;
            this.anticipatedBefore = anticipatedBefore;
        }

        LocationFacts run(ISSABasicBlock block, LocationFacts checked, BlockDataflow.ExceptionalState<LocationFacts> exc,
                boolean record) {
            LocationFacts accessed = pastIn(block);
            if (accessed == null) {
                return checked; // unreachable in pass 2 too
            }
            accessed = accessed.copy();
            for (int i = block.getFirstInstructionIndex(); i >= 0 && i <= block.getLastInstructionIndex(); i++) {
                SSAInstruction insn = insns[i];
                if (insn == null) {
                    continue;
                }
                Map<CheckedLocation, LocationFacts.Fact> c = new LinkedHashMap<>();
                if (acquires(i) || insn instanceof SSAReturnInstruction) {
                    unchecked(accessed, checked, (p, w) -> true, c); // [Acq], method exit
                } else if (releases(i)) {
                    LocationFacts ahead = anticipatedBefore.getOrDefault(i, LocationFacts.empty());
                    unchecked(accessed, checked, (p, w) -> !ahead.entails(p, w), c); // [Rel]
                }
                int at = i;
                boolean leavesMethod = false;
                ISSABasicBlock catcher = null;
                if (mayThrow.get(i)) {
                    Collection<ISSABasicBlock> successors = cfg.getExceptionalSuccessors(block);
                    List<ISSABasicBlock> handlers = successors.stream().filter(s -> !s.equals(cfg.exit())).toList();
                    boolean synchronises = acquires(i) || releases(i);
                    if (synchronises) {
                        for (ISSABasicBlock s : successors) {
                            unchecked(accessed, checked, lostAt(s), c); // no handler of ours at a synchronisation
                        }
                    } else {
                        leavesMethod = handlers.size() < successors.size(); // COMMIT ON THROW: our handler checks
                        if (handlers.size() == 1) {
                            catcher = handlers.get(0); // CATCH STUB: what the handler loses is checked on the way to it
                        } else {
                            for (ISSABasicBlock s : handlers) {
                                unchecked(accessed, checked, lostAt(s), c); // several handlers: before, to be safe
                            }
                        }
                    }
                }
                if (leavesMethod) {
                    // a handler per instruction owing many checks would grow straight-line code quadratically: past
                    // the bound the element and field checks run before the instruction. Never a loop's range: checked
                    // inside its loop, it would be checked again (and larger) in every iteration; nor an element the
                    // loop absorbs into a range (ABSORBED): it would be checked in every iteration, as fasttrack does
                    Map<CheckedLocation, LocationFacts.Fact> owed = new LinkedHashMap<>();
                    unchecked(accessed, checked, (p, w) -> !c.containsKey(p) && !isLoopRange(p)
                            && !ranges.absorbedAround(block, p, w) && !ranges.notYetTested(at, p), owed);
                    if (owed.size() > MAX_OWED_ON_THROW) {
                        c.putAll(owed);
                    }
                }
                check(c, checked, record ? before.computeIfAbsent(i, k -> new LinkedHashMap<>()) : null);
                if (leavesMethod && record) {
                    unchecked(accessed, checked, (p, w) -> !ranges.notYetTested(at, p),
                            onThrow.computeIfAbsent(i, k -> new LinkedHashMap<>()));
                }
                if (mayThrow.get(i)) {
                    LocationFacts thrown = checked.copy();
                    if (catcher != null) {
                        Map<CheckedLocation, LocationFacts.Fact> caught = new LinkedHashMap<>();
                        unchecked(accessed, checked, lostAt(catcher), caught);
                        check(caught, thrown, record && !caught.isEmpty() ? onCatch.computeIfAbsent(i, k -> new LinkedHashMap<>()) : null);
                    }
                    if (releases(i)) {
                        thrown.clear();
                    }
                    exc.leave(thrown);
                }
                stepPast(block, i, accessed, BlockDataflow.ignoringExceptions());
                if (releases(i)) {
                    checked.clear(); // [Rel]: past checks end
                }
            }
            return checked;
        }

        /**
         * [If] / [Loop]: {@code Checks(H, H1 ⊓ H2, A)} on the edge: what the edge's target loses (no past access
         * there, and not anticipated), checked on this edge only. Returns the state the edge delivers.
         */
        LocationFacts edge(ISSABasicBlock from, ISSABasicBlock to, LocationFacts out, boolean record) {
            LocationFacts accessed = past.normalOut(from);
            if (to.equals(cfg.exit()) || accessed == null) {
                return out;
            }
            Map<CheckedLocation, LocationFacts.Fact> c = new LinkedHashMap<>();
            BiPredicate<CheckedLocation, Boolean> lost = lostAt(to);
            Set<Integer> redefined = phiDefs(to);
            unchecked(accessed, out, (p, w) -> !ranges.absorbs(to, p, w) && !ranges.carries(to, p)
                    && (p.mentions(redefined) || lost.test(p, w)), c);
            if (c.isEmpty()) {
                return out;
            }
            if (from.getLastInstructionIndex() < 0 || to.getFirstInstructionIndex() < 0) {
                throw new IllegalStateException("checks owed on an edge without instructions, block " + from.getNumber()
                        + " to " + to.getNumber());
            }
            LocationFacts checked = out.copy();
            check(c, checked, record ? edges.computeIfAbsent(from.getLastInstructionIndex(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(to.getFirstInstructionIndex(), k -> new LinkedHashMap<>()) : null);
            return checked;
        }

        /** Pass 2's (fixed) state at the start of {@code block}, met once: read-only, null if unreached. */
        private LocationFacts pastIn(ISSABasicBlock block) {
            return pastIn.computeIfAbsent(block, b -> Optional.ofNullable(past.in(b))).orElse(null);
        }

        /** Lost on the way into {@code s}: not a past access at its start, and not anticipated there. */
        private BiPredicate<CheckedLocation, Boolean> lostAt(ISSABasicBlock s) {
            if (s.equals(cfg.exit())) {
                return (p, w) -> true;
            }
            LocationFacts kept = pastIn(s);
            LocationFacts ahead = anticipated.in(s);
            return (p, w) -> (kept == null || !kept.entails(p, w)) && (ahead == null || !ahead.entails(p, w));
        }

        /** Adds to {@code into} the past accesses with no covering past check that {@code owed} selects. */
        private void unchecked(LocationFacts accessed, LocationFacts checked, BiPredicate<CheckedLocation, Boolean> owed,
                Map<CheckedLocation, LocationFacts.Fact> into) {
            accessed.asMap().forEach((p, f) -> {
                boolean covered = checked.entails(p, f.write())
                        || p instanceof CheckedLocation.IfLoopRan g && checked.entails(g.location(), f.write());
                if (!covered && owed.test(p, f.write())) {
                    into.merge(p, f, (a, b) -> a.write() ? a : b);
                }
            });
        }

        private void check(Map<CheckedLocation, LocationFacts.Fact> c, LocationFacts checked,
                Map<CheckedLocation, LocationFacts.Fact> record) {
            c.forEach((p, f) -> {
                checked.add(p, f.write(), f.access());
                if (record != null) {
                    record.merge(p, f, (a, b) -> a.write() ? a : b);
                }
            });
        }

        MethodPlan toPlan() {
            Set<Integer> unchecked = new TreeSet<>();
            Map<Integer, MethodPlan.Stash> stashes = new HashMap<>();
            Set<Integer> neededObjects = new HashSet<>();
            Set<Integer> neededIndices = new HashSet<>();
            Map<Integer, List<PlannedCheck>> beforePlan = positions(before, neededObjects, neededIndices);
            Map<Integer, Map<Integer, List<PlannedCheck>>> edgePlan = new LinkedHashMap<>();
            edges.forEach((from, byTarget) -> byTarget.forEach((to, checks) -> positions(Map.of(to, checks),
                    neededObjects, neededIndices).forEach((toBci, list) ->
                    edgePlan.computeIfAbsent(bci(from), k -> new LinkedHashMap<>()).put(toBci, list))));
            Map<Integer, List<PlannedCheck>> throwPlan = positions(onThrow, neededObjects, neededIndices);
            Map<Integer, List<PlannedCheck>> catchPlan = positions(onCatch, neededObjects, neededIndices);
            Set<Integer> classJoins = new TreeSet<>();
            for (int i = 0; i < insns.length; i++) {
                CheckedLocation p = effects[i].access();
                if (p == null) {
                    continue;
                }
                int bci = bci(i);
                unchecked.add(bci);
                if (joinsClassInit.get(i)) {
                    classJoins.add(bci);
                }
                int object = object(p);
                int index = p instanceof CheckedLocation.ArrayElement a ? a.index() : -1;
                Stash stash = new Stash(neededObjects.contains(object) ? object : -1,
                        neededIndices.contains(index) ? index : -1);
                if (stash.object() >= 0 || stash.index() >= 0) {
                    stashes.put(bci, stash);
                }
            }
            Map<Integer, MethodPlan.Source> sources = new HashMap<>();
            ranges.sources().forEach((value, src) -> sources.put(value, planned(src)));
            return new MethodPlan(unchecked, beforePlan, edgePlan, throwPlan, catchPlan, stashes, classJoins, sources,
                    thisValue);
        }

        private Map<Integer, List<PlannedCheck>> positions(Map<Integer, Map<CheckedLocation, LocationFacts.Fact>> at,
                Set<Integer> objects, Set<Integer> indices) {
            Map<Integer, List<PlannedCheck>> plan = new LinkedHashMap<>();
            at.forEach((i, placed) -> {
                if (placed.isEmpty()) {
                    return;
                }
                Map<CheckedLocation, LocationFacts.Fact> checks = elementRuns.coalesce(coalescing.coalesce(placed));
                List<PlannedCheck> list = new ArrayList<>();
                checks.forEach((p, f) -> {
                    MethodPlan.Bounds ranIf = null;
                    if (p instanceof CheckedLocation.IfLoopRan g) {
                        ranIf = MethodPlan.Bounds.loop(g.begin(), g.end());
                        p = g.location();
                    }
                    int index = p instanceof CheckedLocation.ArrayElement a ? a.index() : -1;
                    MethodPlan.Bounds range = null;
                    if (p instanceof CheckedLocation.ArrayRange r) {
                        range = new MethodPlan.Bounds(r.begin(), r.end(), r.offset(), r.offset(), r.stride(), r.scale());
                    } else if (p instanceof CheckedLocation.CoalescedRange r) {
                        range = new MethodPlan.Bounds(r.begin(), r.end(), r.offset(), r.endOffset(), 1, r.scale());
                        if (ranIf == null) {                    // a run of elements: bounds from their accesses
                            indices.add(r.begin());
                            indices.add(r.end());
                        }
                    }
                    list.add(new PlannedCheck(bci(f.access()), f.write(), object(p), index, range, ranIf));
                    if (object(p) >= 0) {
                        objects.add(object(p));
                    }
                    if (index >= 0) {
                        indices.add(index);
                    }
                });
                list.sort(Comparator.comparingInt(PlannedCheck::access)); // in the order of their accesses
                plan.put(bci(i), List.copyOf(list));
            });
            return plan;
        }
    }

    /** A loop's range, perhaps to be checked only if the loop ran. */
    private static boolean isLoopRange(CheckedLocation p) {
        return p instanceof CheckedLocation.ArrayRange
                || p instanceof CheckedLocation.IfLoopRan g && g.location() instanceof CheckedLocation.ArrayRange;
    }

    private static int object(CheckedLocation p) {
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

    private MethodPlan.Source planned(LoopRanges.Source src) {
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

    private int bci(int instructionIndex) {
        return MethodIRs.position(ir.getMethod(), instructionIndex)
                .orElseThrow(() -> new IllegalStateException("no bytecode index for instruction " + instructionIndex))
                .bytecodeIndex();
    }
}
