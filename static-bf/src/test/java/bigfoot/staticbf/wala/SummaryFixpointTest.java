package bigfoot.staticbf.wala;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The transitive summaries: every method's is the join of the own parts of the methods it reaches, itself included. */
class SummaryFixpointTest {

    private static Set<String> join(Set<String> a, Set<String> b) {
        Set<String> u = new TreeSet<>(a);
        u.addAll(b);
        return u;
    }

    @Test
    void aMethodsSummaryJoinsWhatItReachesThroughCyclesAndChains() {
        // 0 -> 1 -> 2 -> 1 (a cycle), 2 -> 3; 4 alone; 5 -> 0 and 5 -> 3 (a diamond); 6 calls itself
        int[][] callees = {{1}, {2}, {1, 3}, {}, {}, {0, 3}, {6}};
        List<Set<String>> own = List.of(Set.of("a"), Set.of("b"), Set.of(), Set.of("d"), Set.of("e"), Set.of(),
                Set.of("g"));
        List<Set<String>> solved = SummaryFixpoint.solve(callees, own::get, Set.of(), SummaryFixpointTest::join);
        assertEquals(List.of(Set.of("a", "b", "d"), Set.of("b", "d"), Set.of("b", "d"), Set.of("d"), Set.of("e"),
                Set.of("a", "b", "d"), Set.of("g")), solved);
    }

    @Test
    void theOrderOfTheMethodsDoesNotChangeTheSummaries() {
        // the same graph numbered backwards: 6 -> 5 -> 4 -> 5, 4 -> 3
        int[][] callees = {{6}, {}, {}, {}, {5, 3}, {4}, {5}};
        List<Set<String>> own = List.of(Set.of(), Set.of(), Set.of(), Set.of("d"), Set.of(), Set.of("b"),
                Set.of("a"));
        List<Set<String>> solved = SummaryFixpoint.solve(callees, own::get, Set.of(), SummaryFixpointTest::join);
        assertEquals(Set.of("a", "b", "d"), solved.get(0));
        assertEquals(Set.of("b", "d"), solved.get(4));
        assertEquals(Set.of("b", "d"), solved.get(5));
    }
}
