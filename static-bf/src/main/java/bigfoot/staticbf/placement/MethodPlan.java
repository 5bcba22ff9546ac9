package bigfoot.staticbf.placement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where the checks of one method go when they do not go at their accesses (bigfoot placement). Positions
 * and accesses are ORIGINAL bytecode indices; values are SSA value numbers of the analysis, which the
 * rewriter keeps alive in fresh locals: every access listed in {@link #stashes} stores them, and every path
 * to a check passes through such an access first.
 *
 * @param unchecked  accesses that get no check of their own (their check is deferred, or they are covered)
 * @param before     checks to run immediately before the instruction at a bytecode index
 * @param edges      checks to run on a CFG edge: by the bytecode index of the source block's last instruction,
 *                   then of the target block's first instruction
 * @param onThrow    checks owed when the instruction at a bytecode index throws an exception that leaves the
 *                   method: the rewriter runs them in a handler of its own that rethrows
 * @param onCatch    checks owed when the instruction at a bytecode index throws an exception a handler of the
 *                   method catches: the rewriter runs them in a stub between the instruction and that handler
 * @param stashes    per access, the values it must keep for later checks
 * @param classJoins static field accesses that may be the thread's first use of their class: the runtime's
 *                   class-init join (an acquire) must happen at them, as it would in their own check
 * @param sources    where the int values of range checks (bounds) come from, by value number
 * @param thisValue  the value number of {@code this}, or -1 in a static method
 */
public record MethodPlan(Set<Integer> unchecked, Map<Integer, List<PlannedCheck>> before,
        Map<Integer, Map<Integer, List<PlannedCheck>>> edges, Map<Integer, List<PlannedCheck>> onThrow,
        Map<Integer, List<PlannedCheck>> onCatch, Map<Integer, Stash> stashes, Set<Integer> classJoins,
        Map<Integer, Source> sources, int thisValue) {

    /** The bytecode indices of the accesses whose checks run at other points: those the planned checks name. */
    public Set<Integer> movedChecks() {
        Set<Integer> moved = new HashSet<>();
        for (Map<Integer, List<PlannedCheck>> at : List.of(before, onThrow, onCatch)) {
            at.values().forEach(checks -> checks.forEach(c -> moved.add(c.access())));
        }
        edges.values().forEach(targets -> targets.values().forEach(checks -> checks.forEach(c -> moved.add(c.access()))));
        return moved;
    }

    /**
     * One check of a location, in place of the accesses it covers.
     *
     * @param access the bytecode index of an access of the same location and kind: it names the field (or says
     *               "array element") and the check's site
     * @param object the receiver or array value, -1 for a static field
     * @param index  the index value of an array element, -1 otherwise
     * @param range  for a range check, its bounds; else null
     * @param ranIf  for a check to run only if a loop ran ({@code end != begin}), the loop's bounds; else null
     */
    public record PlannedCheck(int access, boolean write, int object, int index, Bounds range, Bounds ranIf) {
    }

    /**
     * Int values ({@link #sources}) bounding a range {@code [scale*begin+offset..scale*end+endOffset:stride)}, or a
     * loop ({@code begin} and {@code end} only).
     */
    public record Bounds(int begin, int end, int offset, int endOffset, int stride, int scale) {

        /** A loop that ran if its induction variable {@code end} moved away from its first value {@code begin}. */
        public static Bounds loop(int begin, int end) {
            return new Bounds(begin, end, 0, 0, 1, 1);
        }
    }

    /** Where the rewriter finds an int value. */
    public sealed interface Source {
        record Constant(int value) implements Source {
        }

        /** A parameter's local slot (which the method must never store to). */
        record Parameter(int slot) implements Source {
        }

        /** The int result of the instruction at a bytecode index, kept right after it runs. */
        record Defined(int bci) implements Source {
        }

        /** Operand {@code operand} (0 the deeper) of the conditional branch at a bytecode index, kept before it. */
        record Tested(int bci, int operand) implements Source {
        }

        /**
         * A loop's induction variable counted from the one its test compares (values whose sources are listed too):
         * {@code init + (tested - testedInit) / testedStep * step}.
         */
        record Counted(int tested, int testedInit, int testedStep, int init, int step) implements Source {
        }
    }

    /** Values an access keeps: its receiver or array ({@code object}) and array index, -1 where not needed. */
    public record Stash(int object, int index) {
    }

    /** Every bytecode index the plan refers to, for validation against the rewritten method. */
    public Set<Integer> positions() {
        Set<Integer> all = new HashSet<>(unchecked);
        all.addAll(before.keySet());
        all.addAll(stashes.keySet());
        sources.values().forEach(src -> {
            if (src instanceof Source.Defined d) {
                all.add(d.bci());
            } else if (src instanceof Source.Tested t) {
                all.add(t.bci());
            }
        });
        List<Map<Integer, List<PlannedCheck>>> checkMaps = new ArrayList<>(List.of(before, onThrow, onCatch));
        checkMaps.addAll(edges.values());
        all.addAll(edges.keySet());
        for (Map<Integer, List<PlannedCheck>> checks : checkMaps) {
            all.addAll(checks.keySet());
            checks.values().forEach(l -> l.forEach(c -> all.add(c.access())));
        }
        return all;
    }
}
