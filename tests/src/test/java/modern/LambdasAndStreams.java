package modern;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Capturing and non-capturing lambdas, every kind of method reference, streams and indy string concatenation. */
public class LambdasAndStreams {
    private int base = 100;
    private final List<String> log = new ArrayList<>();

    int addBase(int v) {
        return v + base;
    }

    static int square(int v) {
        return v * v;
    }

    void record(String s) {
        log.add(s);
    }

    public static void main(String[] args) {
        LambdasAndStreams self = new LambdasAndStreams();
        Function<Integer, Integer> bound = self::addBase;
        Function<Integer, Integer> stat = LambdasAndStreams::square;
        BiFunction<LambdasAndStreams, Integer, Integer> unbound = LambdasAndStreams::addBase;
        Supplier<List<String>> ctor = ArrayList::new;
        IntBinaryOperator max = Math::max;
        int captured = 7;
        Function<Integer, Integer> capturing = v -> v * captured + self.base;
        self.base = 1;
        System.out.println(bound.apply(1) + " " + stat.apply(5) + " " + unbound.apply(self, 2) + " "
                + capturing.apply(3) + " " + max.applyAsInt(3, 9) + " " + bound.andThen(stat).apply(2));
        List<String> words = ctor.get();
        words.addAll(List.of("pear", "fig", "banana", "kiwi"));
        words.sort(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        words.forEach(self::record);
        System.out.println(self.log);
        String joined = IntStream.rangeClosed(1, 5).map(LambdasAndStreams::square).filter(v -> v % 2 == 1)
                .mapToObj(Integer::toString).collect(Collectors.joining("+", "[", "]"));
        long total = words.stream().mapToInt(String::length).sum();
        char c = 'x';
        double d = 2.5;
        System.out.println("joined=" + joined + " total=" + total + " c=" + c + " d=" + d + " null=" + null);
    }
}
