package bigfoot.staticbf.analysis;

import bigfoot.z3.Entailment;
import bigfoot.z3.Fact;
import bigfoot.z3.LinearExpr;
import bigfoot.z3.StridedRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Post-placement coalescing of array paths (the BigFoot dissertation, section 3.4, "array groups"): at one check
 * point, the ranges {@code a[m*b+c..m*e+c:s)} of one loop over one array, of one kind and stride, with several
 * offsets c (a stencil {@code a[i-1], a[i], a[i+1]}; the eight bytes {@code a[8*i+0..7]} of a block), become the
 * single range {@code a[m*b+min..m*e+max-s+1)} when Z3 proves that its index set is exactly their union, given
 * that the loop ran some number n > 0 of iterations ({@code e = b + n*s/m}). The check then runs only if the loop
 * ran (the parts are all empty otherwise, but the whole would not be). The candidate is the paper's: the smallest
 * of the original lower bounds and the largest of the upper ones; if the proof fails the parts stay.
 */
final class RangeCoalescing {

    private final Entailment z3;

    RangeCoalescing(Entailment z3) {
        this.z3 = z3;
    }

    /** A range to coalesce, and the loop whose running guards it. */
    private record Part(CheckedLocation location, CheckedLocation.ArrayRange range, int ranFrom, int ranTo) {

        /** A loop's range, or one checked only if its loop ran; else null. */
        static Part of(CheckedLocation p) {
            if (p instanceof CheckedLocation.ArrayRange r) {
                return new Part(p, r, r.begin(), r.end());
            }
            if (p instanceof CheckedLocation.IfLoopRan g && g.location() instanceof CheckedLocation.ArrayRange r) {
                return new Part(p, r, g.begin(), g.end());
            }
            return null;
        }
    }

    /** The checks at one point, with provably coalescible ranges replaced (in place of their first accessed part). */
    Map<CheckedLocation, LocationFacts.Fact> coalesce(Map<CheckedLocation, LocationFacts.Fact> checks) {
        Map<List<Object>, List<Part>> groups = new LinkedHashMap<>();
        checks.forEach((p, f) -> {
            Part part = Part.of(p);
            if (part != null) {
                CheckedLocation.ArrayRange r = part.range();
                groups.computeIfAbsent(List.of(r.array(), r.begin(), r.end(), r.stride(), r.scale(), part.ranFrom(),
                        part.ranTo(), f.write()), k -> new ArrayList<>()).add(part);
            }
        });
        Map<CheckedLocation, LocationFacts.Fact> out = new LinkedHashMap<>(checks);
        for (List<Part> parts : groups.values()) {
            if (parts.size() < 2) {
                continue;
            }
            CheckedLocation.ArrayRange first = parts.get(0).range();
            int m = first.scale();
            int s = first.stride();
            int min = parts.stream().mapToInt(p -> p.range().offset()).min().orElseThrow();
            int max = parts.stream().mapToInt(p -> p.range().offset()).max().orElseThrow();
            LinearExpr iterations = LinearExpr.var("iterations");
            LinearExpr begin = LinearExpr.value(first.begin()).times(m);
            LinearExpr end = LinearExpr.value(first.begin()).plus(iterations.times(s / m)).times(m);
            List<StridedRange> ranges = parts.stream().map(p -> new StridedRange(begin.plus(p.range().offset()),
                    end.plus(p.range().offset()), s)).toList();
            StridedRange whole = StridedRange.of(begin.plus(min), end.plus(max - s + 1));
            if (!z3.rangeUnionEquals(List.of(Fact.gt(iterations, LinearExpr.constant(0))), ranges, whole)) {
                continue; // not proved (offsets with a gap, a timeout): the parts stay
            }
            CheckedLocation head = parts.stream().map(Part::location)
                    .min(Comparator.comparingInt(p -> checks.get(p).access())).orElseThrow(); // names the first access
            LocationFacts.Fact fact = checks.get(head);
            List<CheckedLocation> replacedParts = parts.stream().map(Part::location).toList();
            Map<CheckedLocation, LocationFacts.Fact> replaced = new LinkedHashMap<>();
            out.forEach((p, f) -> {
                if (p.equals(head)) {
                    replaced.put(new CheckedLocation.IfLoopRan(new CheckedLocation.CoalescedRange(first.array(),
                            first.begin(), first.end(), min, max - s + 1, m), parts.get(0).ranFrom(),
                            parts.get(0).ranTo()), fact);
                } else if (!replacedParts.contains(p)) {
                    replaced.put(p, f);
                }
            });
            out = replaced;
        }
        return out;
    }
}
