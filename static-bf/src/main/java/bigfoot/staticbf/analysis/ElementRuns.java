package bigfoot.staticbf.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Post-placement coalescing of element checks into ranges (BigFoot's check coalescing, applied to the elements of
 * one block rather than a loop's ranges): at one check point, the checks of one array and kind whose indices are
 * {@code scale * root + c} for one root and scale ({@link LinearValues}) and consecutive offsets c (moldyn's
 * {@code f[3*j], f[3*j + 1], f[3*j + 2]}) become one range check from the index with the smallest offset to the
 * one with the largest. Every check at a point stands for an access that happened before it (placement is
 * precise), so the range holds exactly the accessed indices; the rewriter takes its bounds from those two
 * accesses' index values. The range is named by the first of its accesses and takes its place among the checks.
 */
final class ElementRuns {

    /** A value's linear form ({@link LinearValues#of}). */
    private final IntFunction<LinearValues.Linear> linear;

    ElementRuns(IntFunction<LinearValues.Linear> linear) {
        this.linear = linear;
    }

    /** An element check and its index's offset from the group's root. */
    private record Element(CheckedLocation.ArrayElement location, int offset) {
    }

    /** The checks at one point, with each run of two or more consecutive elements replaced by its range. */
    Map<CheckedLocation, LocationFacts.Fact> coalesce(Map<CheckedLocation, LocationFacts.Fact> checks) {
        Map<List<Object>, List<Element>> groups = new LinkedHashMap<>();
        checks.forEach((p, f) -> {
            if (p instanceof CheckedLocation.ArrayElement e) {
                LinearValues.Linear index = linear.apply(e.index());
                groups.computeIfAbsent(List.of(e.array(), index.root(), index.scale(), f.write()),
                        k -> new ArrayList<>()).add(new Element(e, index.offset()));
            }
        });
        Map<CheckedLocation, CheckedLocation> replacedBy = new LinkedHashMap<>();
        for (List<Element> group : groups.values()) {
            // equal offsets are equal indices: the value number decides which one names a bound, not the map's order
            group.sort(Comparator.comparingInt(Element::offset).thenComparingInt(e -> e.location().index()));
            for (int from = 0, to; from < group.size(); from = to) {
                to = from + 1;
                while (to < group.size() && group.get(to).offset() - group.get(to - 1).offset() <= 1) {
                    to++;                                          // the same index again, or the next one
                }
                List<Element> run = group.subList(from, to);
                if (run.get(run.size() - 1).offset() > run.get(0).offset()) {
                    CheckedLocation.ArrayElement low = run.get(0).location();
                    CheckedLocation range = new CheckedLocation.CoalescedRange(low.array(), low.index(),
                            run.get(run.size() - 1).location().index(), 0, 1, 1);
                    run.forEach(e -> replacedBy.put(e.location(), range));
                }
            }
        }
        if (replacedBy.isEmpty()) {
            return checks;
        }
        Map<CheckedLocation, LocationFacts.Fact> out = new LinkedHashMap<>();
        checks.forEach((p, f) -> {
            CheckedLocation range = replacedBy.getOrDefault(p, p);
            LocationFacts.Fact kept = out.get(range);
            if (kept == null || f.access() < kept.access()) {
                out.put(range, f);                                 // named by the run's first access
            }
        });
        return out;
    }
}
