package bigfoot.rt;

import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The functions of a concurrent map's {@code computeIfAbsent}, {@code computeIfPresent}, {@code compute} and
 * {@code merge}, wrapped so that the value a function returns is published (released into its channel, as an
 * inserted element is: {@link Channels}) before the map stores it; a thread that later gets the value from the map
 * acquires from that channel. Without this, a cache filled by {@code computeIfAbsent} in one thread and read in
 * another reports the value's construction as racing with its use. A function that is both a Function and a
 * BiFunction is left as it is (no one wrapper fits every use); so is the function of a map that is not concurrent.
 * The function is the program's code, not a key comparison: the map's bracketed call is suspended while it runs
 * ({@link KeyComparisons}).
 */
final class Mappings {

    private Mappings() {
    }

    static Object of(Object fn, Object map) {
        if (fn == null || !Channels.concurrent(map) || fn instanceof Function<?, ?> && fn instanceof BiFunction<?, ?, ?>) {
            return fn;
        }
        if (fn instanceof Function<?, ?> f) {
            return new OneArg(f, map);
        }
        return fn instanceof BiFunction<?, ?, ?> f ? new TwoArgs(f, map) : fn;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private record OneArg(Function fn, Object map) implements Function {
        @Override
        public Object apply(Object key) {
            ThreadState ts = RT.thread();
            long keyed = KeyComparisons.suspend(ts);
            try {
                return published(fn.apply(key), map, ts);
            } finally {
                KeyComparisons.resume(ts, keyed);
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private record TwoArgs(BiFunction fn, Object map) implements BiFunction {
        @Override
        public Object apply(Object key, Object value) {
            ThreadState ts = RT.thread();
            long keyed = KeyComparisons.suspend(ts);
            try {
                return published(fn.apply(key, value), map, ts);
            } finally {
                KeyComparisons.resume(ts, keyed);
            }
        }
    }

    private static Object published(Object value, Object map, ThreadState ts) {
        RT.hbPublish(value, map, ts);
        return value;
    }
}
