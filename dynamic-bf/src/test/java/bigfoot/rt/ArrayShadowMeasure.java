package bigfoot.rt;

import java.util.Arrays;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * A by-hand measurement (not a test) of array shadow memory and time, {@code arrays=fine} against
 * {@code arrays=adaptive}: two real threads call the runtime's range checks and barrier events as a rewritten
 * program with coalesced range checks would, on three race-free patterns over a flattened 1000x1000 double[]:
 * <ul>
 * <li>{@code lu}: LU-like triangular steps: at step k both threads read the pivot row right of the diagonal,
 * then each reads and writes {@code a[i*n+k .. (i+1)*n)} for its rows {@code i > k} (rows dealt cyclically);</li>
 * <li>{@code redblack}: red-black SOR sweeps: each thread updates one colour of its block of rows
 * ({@code a[i*n+c .. (i+1)*n-1 : 2]}), reading the other colour in that row and the same colour above and below;</li>
 * <li>{@code interleaved}: column-interleaved partition: thread t reads and writes {@code t, t+2, t+4, ..};</li>
 * <li>{@code blocks}: block partition: thread t reads and writes its half.</li>
 * </ul>
 * A barrier (with the runtime's barrier events) ends every step. Only the checks run (no arithmetic), so the
 * time is the detector's. Prints, per pattern, the array shadow bytes made (the summary's {@code arrayShadowBytes}),
 * the shape the shadow ends in, and the median of the timed runs.
 *
 * <pre>
 * java -Dbigfoot.quiet=true -Dbigfoot.arrays=adaptive|fine -cp dynamic-bf/target/classes:dynamic-bf/target/test-classes:COMMON_IR_JAR bigfoot.rt.ArrayShadowMeasure [runs]
 * </pre>
 */
public final class ArrayShadowMeasure {

    private static final int N = 1000;
    private static final int THREADS = 2;

    private interface Step {
        /** Thread t's checks of step k. */
        void run(double[] a, int t, int k, ThreadState ts);
    }

    private record Pattern(String name, int steps, Step step) {
    }

    private ArrayShadowMeasure() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Engine engine = Engine.instance();
        System.out.println("arrays=" + (engine.config.adaptiveArrays() ? "adaptive" : "fine") + ", "
                + N + "x" + N + " double[], " + THREADS + " threads, " + runs + " runs (the first a warm-up)");
        Pattern[] patterns = {
            new Pattern("lu", N - 1, ArrayShadowMeasure::luStep),
            new Pattern("redblack", 40, ArrayShadowMeasure::redBlackStep),
            new Pattern("interleaved", 40, (a, t, k, ts) -> {
                RT.readArrayRange(a, t, a.length, THREADS, ts, 0);
                RT.writeArrayRange(a, t, a.length, THREADS, ts, 1);
            }),
            new Pattern("blocks", 40, (a, t, k, ts) -> {
                int lo = a.length / THREADS * t;
                int hi = a.length / THREADS * (t + 1);
                RT.readArrayRange(a, lo, hi, 1, ts, 0);
                RT.writeArrayRange(a, lo, hi, 1, ts, 1);
            }),
        };
        for (Pattern p : patterns) {
            long[] millis = new long[runs];
            long states = 0;
            ArrayShadow.Shape shape = null;
            for (int r = 0; r < runs; r++) {
                long before = engine.arrays.allocated();
                double[] a = new double[N * N];
                long start = System.nanoTime();
                run(p, a);
                millis[r] = (System.nanoTime() - start) / 1_000_000;
                states = engine.arrays.allocated() - before;
                shape = engine.arrays.of(a, RT.thread()).shape();
            }
            long[] timed = Arrays.copyOfRange(millis, runs > 1 ? 1 : 0, runs);
            Arrays.sort(timed);
            System.out.printf("%-12s steps %4d  shadow bytes %,10d  live %,10d  segments %,9d (strided %,6d)  median %,7d ms  runs %s%n",
                    p.name, p.steps, states, shape.states(), shape.segments(), shape.strided(),
                    timed[timed.length / 2], Arrays.toString(millis));
        }
        System.out.println("races: " + engine.races.occurrences().size());
    }

    private static void run(Pattern p, double[] a) throws InterruptedException {
        CyclicBarrier barrier = new CyclicBarrier(THREADS);
        Thread[] workers = new Thread[THREADS];
        ThreadState main = RT.thread();
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            workers[t] = new Thread(() -> {
                ThreadState ts = RT.thread();
                for (int k = 0; k < p.steps; k++) {
                    p.step.run(a, id, k, ts);
                    RT.barrierBefore(barrier, ts);
                    try {
                        barrier.await();
                    } catch (InterruptedException | BrokenBarrierException e) {
                        throw new IllegalStateException(e);
                    }
                    RT.barrierAfter(barrier, ts);
                }
            });
            RT.fork(workers[t], main);
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
            RT.join(w, main);
        }
    }

    /** Step k of LU: the pivot row right of the diagonal is read by both; rows below are updated by their owner. */
    private static void luStep(double[] a, int t, int k, ThreadState ts) {
        RT.readArrayRange(a, k * N + k, (k + 1) * N, 1, ts, 0);
        for (int i = k + 1; i < N; i++) {
            if (i % THREADS == t) {
                RT.readArrayRange(a, i * N + k, (i + 1) * N, 1, ts, 1);
                RT.writeArrayRange(a, i * N + k, (i + 1) * N, 1, ts, 2);
            }
        }
    }

    /** Half-sweep k of red-black SOR on thread t's block of interior rows: colour k % 2 is written. */
    private static void redBlackStep(double[] a, int t, int k, ThreadState ts) {
        int rows = (N - 2) / THREADS;
        int from = 1 + rows * t;
        int to = t == THREADS - 1 ? N - 1 : from + rows;
        for (int i = from; i < to; i++) {
            int c = 1 + (i + k) % 2;                                   // the first interior column of this colour
            RT.readArrayRange(a, (i - 1) * N + c, i * N - 1, 2, ts, 3);
            RT.readArrayRange(a, i * N + c - 1, (i + 1) * N, 2, ts, 4);
            RT.readArrayRange(a, (i + 1) * N + c, (i + 2) * N - 1, 2, ts, 5);
            RT.writeArrayRange(a, i * N + c, (i + 1) * N - 1, 2, ts, 6);
        }
    }
}
