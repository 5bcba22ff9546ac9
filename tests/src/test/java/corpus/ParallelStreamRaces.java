package corpus;

import java.util.Arrays;
import java.util.stream.Collector;
import java.util.stream.IntStream;

/**
 * Parallel streams: what main wrote before a terminal operation is seen by the pipeline's functions in the pool's
 * threads, what they wrote is seen after it returns, and a collect's combiner (or a Collector's) sees what the
 * accumulators of the containers it merges wrote; but two calls of a function are not ordered with each other, so
 * {@code hits}, incremented by every call, races.
 */
@ExpectRaces({"corpus.ParallelStreamRaces.hits"})
public class ParallelStreamRaces {
    static final int N = 20_000;
    static int hits;

    /** A mutable container, filled in each thread and merged. */
    static final class Sum {
        long total;

        void add(int v) {
            total += v;
        }

        void merge(Sum other) {
            total += other.total;
        }

        Sum mergedWith(Sum other) {
            merge(other);
            return this;
        }
    }

    public static void main(String[] args) {
        int[] data = new int[N];
        for (int i = 0; i < N; i++) {
            data[i] = i % 7;
        }
        int[] squares = new int[N];
        IntStream.range(0, N).parallel().forEach(i -> squares[i] = data[i] * data[i]);
        long sum = Arrays.stream(squares).sum();

        Sum collected = IntStream.range(0, N).parallel().map(i -> data[i]).collect(Sum::new, Sum::add, Sum::merge);
        Sum viaCollector = IntStream.range(0, N).boxed().parallel()
                .collect(Collector.of(Sum::new, (s, i) -> s.add(data[i]), Sum::mergedWith));

        IntStream.range(0, N).parallel().forEach(i -> hits++);
        System.out.println(sum + " " + collected.total + " " + viaCollector.total + " " + (hits > 0));
    }
}
