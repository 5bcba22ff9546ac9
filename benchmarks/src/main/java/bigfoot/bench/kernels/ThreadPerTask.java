package bigfoot.bench.kernels;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Many short tasks, each on a thread of its own or on a pool: the modern idiom (a virtual thread per task,
 * servers, test suites) that makes a detector's vector clocks grow with the number of threads ever started. Each
 * task fills a local array and adds its last element to a shared {@code AtomicLong}; nothing races. Usage:
 * {@code ThreadPerTask virtual|pool|threads <tasks>}: a virtual-thread-per-task executor (Java 21 or later), a
 * fixed pool of two platform threads, or a {@code new Thread} per task, started and joined in batches of
 * {@value #BATCH}. Prints the run's {@code time-ms:} and {@code cpu-ms:} (one timed run, start-up excluded) and
 * {@code peak-rss-kb:} (the process's peak resident memory, where Linux reports it); exits with status 1 if the
 * sum is wrong, 2 on bad arguments.
 */
public final class ThreadPerTask {

    static final int BATCH = 1_000;
    private static final int ELEMENTS = 16;

    private ThreadPerTask() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !List.of("virtual", "pool", "threads").contains(args[0]) || !args[1].matches("[1-9][0-9]{0,8}")) {
            System.err.println("ThreadPerTask: usage: ThreadPerTask virtual|pool|threads <tasks>");
            System.exit(2);
        }
        int tasks = Integer.parseInt(args[1]);
        AtomicLong sum = new AtomicLong();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        switch (args[0]) {
            case "virtual" -> runOn(virtualThreadPerTask(), tasks, sum);
            case "pool" -> runOn(Executors.newFixedThreadPool(2), tasks, sum);
            default -> threadPerTask(tasks, sum);
        }
        System.out.printf("time-ms: %.3f%n", (System.nanoTime() - start) / 1e6);
        System.out.printf("cpu-ms: %.3f%n", (os.getProcessCpuTime() - cpu) / 1e6);
        long peak = peakRssKb();
        if (peak >= 0) {
            System.out.println("peak-rss-kb: " + peak);
        }
        long expected = (long) (ELEMENTS - 1) * tasks * (tasks - 1L) / 2;
        if (sum.get() != expected) {
            System.err.println("ThreadPerTask: result check failed: sum " + sum.get() + ", expected " + expected);
            System.exit(1);
        }
    }

    /** Task k: a local array's last element is (ELEMENTS - 1) * k. */
    private static void task(int k, AtomicLong sum) {
        int[] local = new int[ELEMENTS];
        for (int i = 0; i < ELEMENTS; i++) {
            local[i] = i * k;
        }
        sum.addAndGet(local[ELEMENTS - 1]);
    }

    private static void runOn(ExecutorService executor, int tasks, AtomicLong sum) throws InterruptedException {
        for (int k = 0; k < tasks; k++) {
            int task = k;
            executor.execute(() -> task(task, sum));
        }
        executor.shutdown();
        if (!executor.awaitTermination(1, TimeUnit.HOURS)) {
            throw new IllegalStateException("tasks still running after an hour");
        }
    }

    private static void threadPerTask(int tasks, AtomicLong sum) throws InterruptedException {
        for (int from = 0; from < tasks; from += BATCH) {
            List<Thread> batch = new ArrayList<>();
            for (int k = from; k < Math.min(tasks, from + BATCH); k++) {
                int task = k;
                Thread t = new Thread(() -> task(task, sum));
                t.start();
                batch.add(t);
            }
            for (Thread t : batch) {
                t.join();
            }
        }
    }

    /** Java 21's virtual-thread-per-task executor, looked up so that this class compiles for Java 17. */
    private static ExecutorService virtualThreadPerTask() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (ReflectiveOperationException e) {
            System.err.println("ThreadPerTask: virtual threads need Java 21 or later (this is " + Runtime.version() + ")");
            System.exit(2);
            throw new AssertionError(e);
        }
    }

    /** VmHWM from /proc/self/status, or -1 where there is none. */
    private static long peakRssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (Exception e) {
            // not Linux: no peak to report
        }
        return -1;
    }
}
