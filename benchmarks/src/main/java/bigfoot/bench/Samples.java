package bigfoot.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The timed iterations of a program under one configuration, in milliseconds: wall-clock time, the child JVM's CPU
 * time (user + system, all threads) and the part of it its JIT compilers took, each empty where the JVM could not
 * measure it. Linux counts process CPU time in clock ticks (10 ms), so an iteration's CPU time is a whole number of
 * ticks: its median is off by up to a tick, but the mean of many iterations is not (a tick falls in an iteration as
 * often as its length says).
 */
record Samples(List<Double> wallMs, List<Double> cpuMs, List<Double> jitMs) {

    Samples {
        wallMs = List.copyOf(wallMs);
        cpuMs = List.copyOf(cpuMs);
        jitMs = List.copyOf(jitMs);
    }

    /** These samples and {@code more}'s, as from one more JVM. */
    Samples plus(Samples more) {
        return new Samples(concat(wallMs, more.wallMs), concat(cpuMs, more.cpuMs), concat(jitMs, more.jitMs));
    }

    /**
     * The mean time the JIT compilers spent per iteration (the child's {@code jit-ms:} lines: HotSpot's total
     * compilation time, summed over its compiler threads), if every iteration has one. It is part of the CPU time.
     */
    OptionalDouble meanJitMs() {
        return meanPerIteration(jitMs);
    }

    /** The median wall time and the mean CPU time, the latter only if every iteration has a CPU time. */
    Times times() {
        return new Times(median(wallMs), meanPerIteration(cpuMs));
    }

    /** The mean of {@code xs} if it has a value for every iteration, else empty. */
    private OptionalDouble meanPerIteration(List<Double> xs) {
        return !xs.isEmpty() && xs.size() == wallMs.size()
                ? xs.stream().mapToDouble(Double::doubleValue).average() : OptionalDouble.empty();
    }

    /** The median wall-clock and mean CPU milliseconds per iteration of a program under one configuration. */
    record Times(double wallMs, OptionalDouble cpuMs) {
    }

    private static List<Double> concat(List<Double> a, List<Double> b) {
        List<Double> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
