package bigfoot.staticbf.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers the things one method's facts name (locations, elements, classes) in the order they are first met, so
 * that sets of facts are bit sets: their copies, meets and comparisons at every block and edge of a fixed point are
 * word operations instead of hash-set copies.
 */
final class Numbering<T> {
    private final Map<T, Integer> numbers = new HashMap<>();
    private final List<T> byNumber = new ArrayList<>();

    /** The number of {@code t}, given it now if it has none. */
    int number(T t) {
        Integer n = numbers.get(t);
        if (n == null) {
            n = byNumber.size();
            numbers.put(t, n);
            byNumber.add(t);
        }
        return n;
    }

    /** The number of {@code t}, -1 if it has none (so no set holds it). */
    int find(T t) {
        Integer n = numbers.get(t);
        return n == null ? -1 : n;
    }

    T get(int number) {
        return byNumber.get(number);
    }
}
