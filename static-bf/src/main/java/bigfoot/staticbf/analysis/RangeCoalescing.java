package bigfoot.staticbf.analysis;

import bigfoot.z3.Entailment;
import bigfoot.z3.Fact;
import bigfoot.z3.LinearExpr;
import bigfoot.z3.StridedRange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Post-placement coalescing of array paths (reference/bigfoot.md section 9.1, "array groups"): at one check
 * point, the stride-1 ranges {@code a[b+c..e+c)} of one loop over one array, of one kind, with several offsets c
 * (a stencil {@code a[i-1], a[i], a[i+1]}), become the single range {@code a[b+min..e+max)} when Z3 proves that
 * its index set is exactly their union, given that the loop ran ({@code e > b}). The check then runs only if the
 * loop ran (the parts are all empty otherwise, but the whole would not be). Candidates are the paper's: the
 * smallest of the original lower bounds and the largest of the upper ones; if the proof fails the parts stay.
 */
final class RangeCoalescing {

    private final Entailment z3;

    RangeCoalescing(Entailment z3) {
        this.z3 = z3;
    }

    /** The checks at one point, with provably coalescible ranges replaced (in place of their first part). */
    Map<CheckedLocation, LocationFacts.Fact> coalesce(Map<CheckedLocation, LocationFacts.Fact> checks) {
        Map<List<Object>, List<CheckedLocation.ArrayRange>> groups = new LinkedHashMap<>();
        checks.forEach((p, f) -> {
            if (p instanceof CheckedLocation.ArrayRange r && r.stride() == 1) {
                groups.computeIfAbsent(List.of(r.array(), r.begin(), r.end(), f.write()), k -> new ArrayList<>()).add(r);
            }
        });
        Map<CheckedLocation, LocationFacts.Fact> out = new LinkedHashMap<>(checks);
        for (List<CheckedLocation.ArrayRange> parts : groups.values()) {
            if (parts.size() < 2) {
                continue;
            }
            CheckedLocation.ArrayRange first = parts.get(0);
            int min = parts.stream().mapToInt(CheckedLocation.ArrayRange::offset).min().orElseThrow();
            int max = parts.stream().mapToInt(CheckedLocation.ArrayRange::offset).max().orElseThrow();
            LinearExpr begin = LinearExpr.value(first.begin());
            LinearExpr end = LinearExpr.value(first.end());
            List<StridedRange> ranges = parts.stream()
                    .map(r -> StridedRange.of(begin.plus(r.offset()), end.plus(r.offset()))).toList();
            StridedRange whole = StridedRange.of(begin.plus(min), end.plus(max));
            if (!z3.rangeUnionEquals(List.of(Fact.gt(end, begin)), ranges, whole)) {
                continue; // not proved (offsets with a gap, a timeout): the parts stay
            }
            LocationFacts.Fact fact = checks.get(first);
            Map<CheckedLocation, LocationFacts.Fact> replaced = new LinkedHashMap<>();
            out.forEach((p, f) -> {
                if (p.equals(first)) {
                    replaced.put(new CheckedLocation.IfLoopRan(new CheckedLocation.CoalescedRange(first.array(),
                            first.begin(), first.end(), min, max), first.begin(), first.end()), fact);
                } else if (!parts.contains(p)) {
                    replaced.put(p, f);
                }
            });
            out = replaced;
        }
        return out;
    }
}
