package bigfoot.bench.kernels;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * The timing protocol every kernel follows, as in the FastTrack2 harness: warm-up iterations, then
 * timed iterations, each printed as one {@code time-ms: X} line (wall-clock time) and, where the JVM measures it,
 * one {@code cpu-ms: X} line (this process's CPU time, user + system of all its threads: the kernel's workers,
 * the detector's work in them, GC and JIT; counted in clock ticks on Linux, so a short iteration may count 0)
 * and, where the JVM times its compilations, one {@code jit-ms: X} line (the time the JIT compilers spent in it,
 * summed over their threads: part of the CPU time) on stdout for the comparison harness to read. JVM start-up, class loading, rewriting and the kernel's
 * reference computation are outside the timed region. Every iteration checks its own result; a failed check
 * ends the JVM with one line on stderr and status 1.
 */
public final class KernelTimer {

    /** One iteration of a kernel; checks its result, and returns a checksum so the work cannot be optimised away. */
    public interface Iteration {
        double run() throws Exception;
    }

    /** A kernel's result is wrong: the kernel (or its rewrite) is broken. */
    public static final class CheckFailed extends Exception {
        CheckFailed(String message) {
            super(message);
        }
    }

    /** The process CPU time bean, or null where the JVM has none (then no cpu-ms lines are printed). */
    private static final com.sun.management.OperatingSystemMXBean CPU =
            ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                    && os.getProcessCpuTime() >= 0 ? os : null;

    /** The JIT compilers' bean, or null where the JVM does not time its compilations (then no jit-ms lines). */
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean() != null
            && ManagementFactory.getCompilationMXBean().isCompilationTimeMonitoringSupported()
            ? ManagementFactory.getCompilationMXBean() : null;

    private KernelTimer() {
    }

    /** Throws {@link CheckFailed} with the message unless the condition holds. */
    public static void check(boolean ok, String message) throws CheckFailed {
        if (!ok) {
            throw new CheckFailed(message);
        }
    }

    public static void time(String name, KernelArgs args, Iteration body) throws Exception {
        double checksum = 0;
        try {
            for (int i = 0; i < args.warmups(); i++) {
                checksum += body.run();
            }
            for (int i = 0; i < args.iterations(); i++) {
                long cpuStart = CPU != null ? CPU.getProcessCpuTime() : 0;
                long jitStart = JIT != null ? JIT.getTotalCompilationTime() : 0;
                long start = System.nanoTime();
                checksum += body.run();
                long elapsed = System.nanoTime() - start;
                System.out.printf("time-ms: %.3f%n", elapsed / 1e6);
                if (CPU != null) {
                    System.out.printf("cpu-ms: %.3f%n", (CPU.getProcessCpuTime() - cpuStart) / 1e6);
                }
                if (JIT != null) {
                    System.out.printf("jit-ms: %d%n", JIT.getTotalCompilationTime() - jitStart);
                }
            }
        } catch (CheckFailed e) {
            System.err.println(name + ": result check failed: " + e.getMessage());
            System.exit(1);
        }
        System.out.println(name + " checksum: " + checksum);
    }
}
