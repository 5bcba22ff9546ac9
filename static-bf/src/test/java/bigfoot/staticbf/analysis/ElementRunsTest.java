package bigfoot.staticbf.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Element checks of one array at one point coalesced into a range: the range, and the value naming each bound, do
 * not depend on the order the checks come in (the order of a hash map of locations).
 */
class ElementRunsTest {

    private static final int ARRAY = 5;
    private static final int ROOT = 1;
    /** Value numbers of the indices: v10 = i, and v11 and v12 both i + 1 (computed twice, as SSA keeps them). */
    private static final Map<Integer, LinearValues.Linear> INDICES = Map.of(10, new LinearValues.Linear(ROOT, 1, 0),
            11, new LinearValues.Linear(ROOT, 1, 1), 12, new LinearValues.Linear(ROOT, 1, 1));

    @Test
    void equalIndicesNameTheBoundsWhateverTheOrderOfTheChecks() {
        List<CheckedLocation> elements = List.of(new CheckedLocation.ArrayElement(ARRAY, 10),
                new CheckedLocation.ArrayElement(ARRAY, 11), new CheckedLocation.ArrayElement(ARRAY, 12));
        ElementRuns runs = new ElementRuns(INDICES::get);
        Set<Map<CheckedLocation, LocationFacts.Fact>> results = new HashSet<>();
        for (List<CheckedLocation> order : orders(elements)) {
            Map<CheckedLocation, LocationFacts.Fact> checks = new LinkedHashMap<>();
            order.forEach(p -> checks.put(p, new LocationFacts.Fact(false, elements.indexOf(p))));
            results.add(new HashMap<>(runs.coalesce(checks)));
        }
        assertEquals(Set.of(Map.of(new CheckedLocation.CoalescedRange(ARRAY, 10, 12, 0, 1, 1),
                new LocationFacts.Fact(false, 0))), results, "a[i..i+1], its upper bound v12, named by the first access");
    }

    private static List<List<CheckedLocation>> orders(List<CheckedLocation> items) {
        if (items.isEmpty()) {
            return List.of(List.of());
        }
        List<List<CheckedLocation>> out = new ArrayList<>();
        for (CheckedLocation first : items) {
            List<CheckedLocation> rest = new ArrayList<>(items);
            rest.remove(first);
            for (List<CheckedLocation> tail : orders(rest)) {
                List<CheckedLocation> order = new ArrayList<>(List.of(first));
                order.addAll(tail);
                out.add(order);
            }
        }
        return out;
    }
}
