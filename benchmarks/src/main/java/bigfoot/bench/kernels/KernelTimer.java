package bigfoot.bench.kernels;

/**
 * The timing protocol every kernel follows, as in the FastTrack2 harness: warm-up iterations, then
 * timed iterations, each printed as one {@code time-ms: X} line on stdout for the comparison harness
 * to read. JVM start-up, class loading and rewriting are outside the timed region.
 */
public final class KernelTimer {

    /** One iteration of a kernel; returns a checksum so the work cannot be optimised away. */
    public interface Iteration {
        double run() throws Exception;
    }

    private KernelTimer() {
    }

    public static void time(String name, int warmups, int iterations, Iteration body) throws Exception {
        double checksum = 0;
        for (int i = 0; i < warmups; i++) {
            checksum += body.run();
        }
        for (int i = 0; i < iterations; i++) {
            long start = System.nanoTime();
            checksum += body.run();
            long elapsed = System.nanoTime() - start;
            System.out.printf("time-ms: %.3f%n", elapsed / 1e6);
        }
        System.out.println(name + " checksum: " + checksum);
    }

    /** Reads {@code args[i]} as an int, or the default when absent. */
    public static int arg(String[] args, int i, int dflt) {
        return args.length > i ? Integer.parseInt(args[i]) : dflt;
    }
}
