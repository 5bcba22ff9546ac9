package bigfoot.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The timed iterations of a program under one configuration, in milliseconds: wall-clock time, and the child
 * JVM's CPU time (user + system, all threads), which is empty where the JVM could not measure it.
 */
record Samples(List<Double> wallMs, List<Double> cpuMs) {

    Samples {
        wallMs = List.copyOf(wallMs);
        cpuMs = List.copyOf(cpuMs);
    }

    /** These samples and {@code more}'s, as from one more JVM. */
    Samples plus(Samples more) {
        return new Samples(concat(wallMs, more.wallMs), concat(cpuMs, more.cpuMs));
    }

    /** The medians; the CPU one only if every iteration has a CPU time. */
    Medians medians() {
        return new Medians(median(wallMs),
                !cpuMs.isEmpty() && cpuMs.size() == wallMs.size() ? OptionalDouble.of(median(cpuMs)) : OptionalDouble.empty());
    }

    /** Median wall-clock and CPU milliseconds of a program under one configuration. */
    record Medians(double wallMs, OptionalDouble cpuMs) {
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
