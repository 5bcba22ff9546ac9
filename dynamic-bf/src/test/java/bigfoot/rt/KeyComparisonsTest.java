package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Which key comparisons acquire: the outermost one inside a concurrent map's keyed call, and no other. */
class KeyComparisonsTest {

    private final ThreadState ts = new ThreadState(1, Epoch.make(1, 1));
    private final Object concurrent = new ConcurrentHashMap<>();

    @Test
    void onlyTheOutermostComparisonInsideAConcurrentMapsCallAcquires() {
        assertFalse(KeyComparisons.start(ts), "the program's own comparison");
        KeyComparisons.end(ts);
        KeyComparisons.callStart(new HashMap<>(), ts);
        assertFalse(KeyComparisons.start(ts), "a HashMap is no concurrent collection");
        KeyComparisons.callStart(concurrent, ts);
        assertTrue(KeyComparisons.start(ts));
        assertFalse(KeyComparisons.start(ts), "nested in the first");
        KeyComparisons.end(ts);
        KeyComparisons.end(ts);
        assertTrue(KeyComparisons.start(ts), "the map's next comparison");
        KeyComparisons.end(ts);
        KeyComparisons.callEnd(concurrent, ts);
        assertFalse(KeyComparisons.start(ts), "after the call");
    }

    @Test
    void theCallsEndForgetsAComparisonThatThrew() {
        KeyComparisons.callStart(concurrent, ts);
        assertTrue(KeyComparisons.start(ts));
        KeyComparisons.callEnd(concurrent, ts);   // the comparison threw: its end never came
        KeyComparisons.callStart(concurrent, ts);
        assertTrue(KeyComparisons.start(ts));
    }

    @Test
    void aMappingFunctionIsNoComparisonOfTheCallThatRunsIt() {
        KeyComparisons.callStart(concurrent, ts);
        long saved = KeyComparisons.suspend(ts);
        assertFalse(KeyComparisons.start(ts), "the function's own comparison");
        KeyComparisons.end(ts);
        KeyComparisons.resume(ts, saved);
        assertTrue(KeyComparisons.start(ts));
    }
}
