package bigfoot.rt.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A detector's state per thread, lock or variable, by its number ({@link Detector}): made by {@code make} the first
 * time the number, or a higher one, is used.
 */
public final class Numbered<T> {

    private final List<T> items = new ArrayList<>();
    private final IntFunction<T> make;

    public Numbered(IntFunction<T> make) {
        this.make = make;
    }

    public T get(int i) {
        while (items.size() <= i) {
            items.add(make.apply(items.size()));
        }
        return items.get(i);
    }

    public void set(int i, T value) {
        get(i);
        items.set(i, value);
    }
}
