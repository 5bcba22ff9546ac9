package bigfoot.rt;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.BaseStream;
import java.util.stream.Collector;

/**
 * Parallel streams run their functions in the common pool's threads, as ForkJoin tasks the terminal operation forks
 * and joins (ForkJoinTask's memory consistency): what the caller did before a terminal operation happens before each
 * call of the pipeline's functions, and each call happens before the terminal operation returns. Two channels per
 * pipeline: FORK, the first stream's (the streams intermediate operations return are aliases of it), released into
 * before a terminal operation; JOIN, its companion's ({@link Channels#companion}), acquired from after it. A function
 * given to a parallel stream is wrapped: each call acquires from FORK and releases into JOIN, so calls in different
 * threads stay unordered with each other and their races are found. A combiner (of {@code reduce}, {@code collect}, a
 * Collector's, and its finisher) also acquires from JOIN: it merges what other calls made. A function given while the
 * stream is still sequential (before {@code parallel()}) is not wrapped.
 */
final class ParallelStreams {

    private ParallelStreams() {
    }

    static Object function(Object fn, Object stream, Class<?> type, boolean combiner, Channels channels) {
        if (fn == null || type == null || !isParallel(stream) || !type.isInstance(fn)) {
            return fn;
        }
        Object join = channels.companion(stream);
        if (type == Collector.class) {
            return new ParallelCollector<>((Collector<?, ?, ?>) fn, stream, join);
        }
        return type.isInterface() ? wrap(fn, type, stream, join, combiner) : fn;
    }

    /**
     * The stream an intermediate operation of a parallel stream returned uses its pipeline's channels (a sequential
     * stream's has none: its functions are not wrapped, and a later {@code parallel()} starts from the stream it makes
     * parallel).
     */
    static void stage(Object result, Object stream, Channels channels) {
        if (result != null && result != stream && isParallel(stream)) {
            channels.alias(result, stream);
        }
    }

    static boolean isParallel(Object stream) {
        return stream instanceof BaseStream<?, ?> s && s.isParallel();
    }

    private static Object wrap(Object fn, Class<?> type, Object fork, Object join, boolean combiner) {
        return Proxy.newProxyInstance(ParallelStreams.class.getClassLoader(), new Class<?>[] {type},
                new Call(fn, fork, join, combiner));
    }

    /** One wrapped function: its interface's abstract method runs between the acquires and the release. */
    private record Call(Object fn, Object fork, Object join, boolean combiner) implements InvocationHandler {
        private static final Set<String> OBJECT_METHODS = Set.of("equals", "hashCode", "toString");

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (OBJECT_METHODS.contains(method.getName()) && method.getParameterCount() == (method.getName().equals("equals") ? 1 : 0)) {
                return switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> "parallel " + fn;
                };
            }
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            ThreadState ts = RT.thread();
            RT.hbAcquire(fork, ts);
            if (combiner) {
                RT.hbAcquire(join, ts);
            }
            try {
                return method.invoke(fn, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            } finally {
                RT.hbRelease(join, ts);
            }
        }
    }

    /** A Collector given to a parallel stream's {@code collect}: its functions wrapped, the combiner and finisher as combiners. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private record ParallelCollector<T, A, R>(Collector<T, A, R> collector, Object fork, Object join)
            implements Collector<T, A, R> {

        @Override
        public Supplier<A> supplier() {
            return (Supplier<A>) wrap(collector.supplier(), Supplier.class, fork, join, false);
        }

        @Override
        public BiConsumer<A, T> accumulator() {
            return (BiConsumer<A, T>) wrap(collector.accumulator(), BiConsumer.class, fork, join, false);
        }

        @Override
        public BinaryOperator<A> combiner() {
            return (BinaryOperator<A>) wrap(collector.combiner(), BinaryOperator.class, fork, join, true);
        }

        @Override
        public Function<A, R> finisher() {
            return (Function<A, R>) wrap(collector.finisher(), Function.class, fork, join, true);
        }

        @Override
        public Set<Characteristics> characteristics() {
            return collector.characteristics();
        }
    }
}
