package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Which functions given to a stream are wrapped, and that a wrapper behaves as the function it wraps. */
class ParallelStreamsTest {

    private final Channels channels = new Channels();

    @Test
    void aSequentialStreamsFunctionIsLeftAsItIs() {
        Function<Integer, Integer> twice = x -> 2 * x;
        assertSame(twice, ParallelStreams.function(twice, Stream.of(1), Function.class, false, channels));
        assertSame(twice, ParallelStreams.function(twice, null, Function.class, false, channels));
    }

    @Test
    void aParallelStreamsFunctionIsWrappedAndBehavesAsTheFunction() {
        Function<Integer, Integer> twice = x -> 2 * x;
        @SuppressWarnings("unchecked")
        Function<Integer, Integer> wrapped = (Function<Integer, Integer>) ParallelStreams.function(twice,
                Stream.of(1).parallel(), Function.class, false, channels);
        assertNotSame(twice, wrapped);
        assertEquals(6, wrapped.apply(3));
        assertEquals(7, wrapped.andThen(x -> x + 1).apply(3), "a default method runs through the wrapper");
        assertEquals(wrapped, wrapped);
        assertEquals(System.identityHashCode(wrapped), wrapped.hashCode());
        Function<Integer, Integer> failing = x -> {
            throw new IllegalStateException("boom");
        };
        @SuppressWarnings("unchecked")
        Function<Integer, Integer> wrappedFailing = (Function<Integer, Integer>) ParallelStreams.function(failing,
                Stream.of(1).parallel(), Function.class, false, channels);
        assertEquals("boom", assertThrows(IllegalStateException.class, () -> wrappedFailing.apply(1)).getMessage());
    }

    @Test
    void aComparatorAndACollectorOfAParallelStreamWorkWrapped() {
        Stream<Integer> parallel = Stream.of(3, 1, 2).parallel();
        @SuppressWarnings("unchecked")
        Comparator<Integer> order = (Comparator<Integer>) ParallelStreams.function(Comparator.<Integer>naturalOrder(),
                parallel, Comparator.class, false, channels);
        @SuppressWarnings("unchecked")
        Collector<Integer, ?, List<Integer>> toList = (Collector<Integer, ?, List<Integer>>) ParallelStreams.function(
                Collectors.toList(), parallel, Collector.class, false, channels);
        assertInstanceOf(Collector.class, toList);
        assertEquals(List.of(1, 2, 3), parallel.sorted(order).collect(toList));
    }
}
