package bigfoot.staticbf.analysis;

import bigfoot.staticbf.placement.MethodPlan.PlannedCheck;
import bigfoot.staticbf.placement.MethodPlan.Stash;
import bigfoot.staticbf.placement.MethodPlan;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAReturnInstruction;
import java.util.ArrayList;
import java.util.Arrays;
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
 * Pass 4 of {@link BigFootMethod}, and the plan it builds on its recording run: the past checks at each point, and
 * where each check goes ([Acq], [Rel], method exits, branch edges that lose a check, exceptional exits).
 */
final class PlacementPass {

    private static final Comparator<MethodPlan.Bounds> BOUNDS = Comparator.comparingInt(MethodPlan.Bounds::begin)
            .thenComparingInt(MethodPlan.Bounds::end).thenComparingInt(MethodPlan.Bounds::offset)
            .thenComparingInt(MethodPlan.Bounds::endOffset).thenComparingInt(MethodPlan.Bounds::stride)
            .thenComparingInt(MethodPlan.Bounds::scale);

    private final BigFootMethod method;
    private final BlockDataflow<LocationFacts> past;
    private final BlockDataflow<LocationFacts> anticipated;
    private final Map<Integer, LocationFacts> anticipatedBefore;
    /** Pass 2's states at the blocks' starts, by block number, met once ({@link #pastIn}). */
    private final Map<Integer, Optional<LocationFacts>> pastIn = new HashMap<>();
    private final Map<Integer, Map<CheckedLocation, LocationFacts.Fact>> before = new LinkedHashMap<>();
    /** source block's last instruction -> target block's first instruction -> checks on that edge. */
    private final Map<Integer, Map<Integer, Map<CheckedLocation, LocationFacts.Fact>>> edges = new LinkedHashMap<>();
    private final Map<Integer, Map<CheckedLocation, LocationFacts.Fact>> onThrow = new LinkedHashMap<>();
    private final Map<Integer, Map<CheckedLocation, LocationFacts.Fact>> onCatch = new LinkedHashMap<>();

    PlacementPass(BigFootMethod method, BlockDataflow<LocationFacts> past, BlockDataflow<LocationFacts> anticipated,
            Map<Integer, LocationFacts> anticipatedBefore) {
        this.method = method;
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
        for (int i = block.getFirstInstructionIndex(), lastIndex = block.getLastInstructionIndex(); i >= 0 && i <= lastIndex; i++) {
            SSAInstruction insn = method.insns[i];
            if (insn == null) {
                continue;
            }
            Map<CheckedLocation, LocationFacts.Fact> c = new LinkedHashMap<>();
            if (method.acquires(i) || insn instanceof SSAReturnInstruction) {
                unchecked(accessed, checked, (p, w) -> true, c); // [Acq], method exit
            } else if (method.releases(i)) {
                LocationFacts ahead = anticipatedBefore.getOrDefault(i, LocationFacts.none(method.locations));
                unchecked(accessed, checked, (p, w) -> !ahead.entails(p, w), c); // [Rel]
            }
            int at = i;
            boolean leavesMethod = false;
            ISSABasicBlock catcher = null;
            if (method.mayThrow.get(i)) {
                List<ISSABasicBlock> successors = Arrays.asList(method.edges.exceptionalSuccessors(block));
                List<ISSABasicBlock> handlers = successors.stream().filter(s -> !method.edges.isExit(s)).toList();
                boolean synchronises = method.acquires(i) || method.releases(i);
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
                unchecked(accessed, checked, (p, w) -> !c.containsKey(p) && !BigFootMethod.isLoopRange(p)
                        && !method.ranges.absorbedAround(block, p, w) && !method.ranges.notYetTested(at, p), owed);
                if (owed.size() > BigFootMethod.MAX_OWED_ON_THROW) {
                    c.putAll(owed);
                }
            }
            check(c, checked, record ? before.computeIfAbsent(i, k -> new LinkedHashMap<>()) : null);
            if (leavesMethod && record) {
                unchecked(accessed, checked, (p, w) -> !method.ranges.notYetTested(at, p),
                        onThrow.computeIfAbsent(i, k -> new LinkedHashMap<>()));
            }
            if (method.mayThrow.get(i)) {
                LocationFacts thrown = checked.copy();
                if (catcher != null) {
                    Map<CheckedLocation, LocationFacts.Fact> caught = new LinkedHashMap<>();
                    unchecked(accessed, checked, lostAt(catcher), caught);
                    check(caught, thrown, record && !caught.isEmpty() ? onCatch.computeIfAbsent(i, k -> new LinkedHashMap<>()) : null);
                }
                if (method.releases(i)) {
                    thrown.clear();
                }
                exc.leave(thrown);
            }
            method.stepPast(block, i, accessed, BlockDataflow.ignoringExceptions());
            if (method.releases(i)) {
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
        if (method.edges.isExit(to) || accessed == null) {
            return out;
        }
        Map<CheckedLocation, LocationFacts.Fact> c = new LinkedHashMap<>();
        BiPredicate<CheckedLocation, Boolean> lost = lostAt(to);
        Set<Integer> redefined = method.phiDefs(to);
        unchecked(accessed, out, (p, w) -> !method.ranges.absorbs(to, p, w) && !method.ranges.carries(to, p)
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
        return pastIn.computeIfAbsent(block.getNumber(), b -> Optional.ofNullable(past.in(block))).orElse(null);
    }

    /** Lost on the way into {@code s}: not a past access at its start, and not anticipated there. */
    private BiPredicate<CheckedLocation, Boolean> lostAt(ISSABasicBlock s) {
        if (method.edges.isExit(s)) {
            return (p, w) -> true;
        }
        LocationFacts kept = pastIn(s);
        LocationFacts ahead = anticipated.in(s);
        return (p, w) -> (kept == null || !kept.entails(p, w)) && (ahead == null || !ahead.entails(p, w));
    }

    /** Adds to {@code into} the past accesses with no covering past check that {@code owed} selects. */
    private void unchecked(LocationFacts accessed, LocationFacts checked, BiPredicate<CheckedLocation, Boolean> owed,
            Map<CheckedLocation, LocationFacts.Fact> into) {
        accessed.forEachBeyond(checked, (p, f) -> {
            boolean covered = p instanceof CheckedLocation.IfLoopRan g && checked.entails(g.location(), f.write());
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

    /**
     * The checks at one point in the order of their accesses, and checks of one access (a location and the same
     * location if a loop ran, an element and a range) in an order of their own: never the order of a hash map, so the
     * order of a point's checks does not depend on how locations hash (which checks range coalescing makes still
     * can: the next step).
     */
    private static final Comparator<PlannedCheck> IN_ACCESS_ORDER = Comparator.comparingInt(PlannedCheck::access)
            .thenComparing(PlannedCheck::write)
            .thenComparingInt(PlannedCheck::object)
            .thenComparingInt(PlannedCheck::index)
            .thenComparing(PlannedCheck::range, Comparator.nullsFirst(BOUNDS))
            .thenComparing(PlannedCheck::ranIf, Comparator.nullsFirst(BOUNDS));

    MethodPlan toPlan() {
        Set<Integer> unchecked = new TreeSet<>();
        Map<Integer, MethodPlan.Stash> stashes = new HashMap<>();
        Set<Integer> neededObjects = new HashSet<>();
        Set<Integer> neededIndices = new HashSet<>();
        Map<Integer, List<PlannedCheck>> beforePlan = positions(before, neededObjects, neededIndices);
        Map<Integer, Map<Integer, List<PlannedCheck>>> edgePlan = new LinkedHashMap<>();
        edges.forEach((from, byTarget) -> byTarget.forEach((to, checks) -> positions(Map.of(to, checks),
                neededObjects, neededIndices).forEach((toBci, list) ->
                edgePlan.computeIfAbsent(method.bci(from), k -> new LinkedHashMap<>()).put(toBci, list))));
        Map<Integer, List<PlannedCheck>> throwPlan = positions(onThrow, neededObjects, neededIndices);
        Map<Integer, List<PlannedCheck>> catchPlan = positions(onCatch, neededObjects, neededIndices);
        Set<Integer> classJoins = new TreeSet<>();
        for (int i = 0; i < method.insns.length; i++) {
            CheckedLocation p = method.effects[i].access();
            if (p == null) {
                continue;
            }
            int bci = method.bci(i);
            unchecked.add(bci);
            if (method.joinsClassInit.get(i)) {
                classJoins.add(bci);
            }
            int object = BigFootMethod.object(p);
            int index = p instanceof CheckedLocation.ArrayElement a ? a.index() : -1;
            Stash stash = new Stash(neededObjects.contains(object) ? object : -1,
                    neededIndices.contains(index) ? index : -1);
            if (stash.object() >= 0 || stash.index() >= 0) {
                stashes.put(bci, stash);
            }
        }
        Map<Integer, MethodPlan.Source> sources = new HashMap<>();
        method.ranges.sources().forEach((value, src) -> sources.put(value, method.planned(src)));
        return new MethodPlan(unchecked, beforePlan, edgePlan, throwPlan, catchPlan, stashes, classJoins, sources,
                method.thisValue);
    }

    private Map<Integer, List<PlannedCheck>> positions(Map<Integer, Map<CheckedLocation, LocationFacts.Fact>> at,
            Set<Integer> objects, Set<Integer> indices) {
        Map<Integer, List<PlannedCheck>> plan = new LinkedHashMap<>();
        at.forEach((i, placed) -> {
            if (placed.isEmpty()) {
                return;
            }
            Map<CheckedLocation, LocationFacts.Fact> checks = method.elementRuns.coalesce(method.coalescing.coalesce(placed));
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
                list.add(new PlannedCheck(method.bci(f.access()), f.write(), BigFootMethod.object(p), index, range, ranIf));
                if (BigFootMethod.object(p) >= 0) {
                    objects.add(BigFootMethod.object(p));
                }
                if (index >= 0) {
                    indices.add(index);
                }
            });
            list.sort(IN_ACCESS_ORDER);
            plan.put(method.bci(i), List.copyOf(list));
        });
        return plan;
    }
}
