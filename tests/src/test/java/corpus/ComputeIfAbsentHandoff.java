package corpus;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Four threads {@code computeIfAbsent} the same keys of a ConcurrentHashMap: the thread whose function made a value
 * publishes it with the insertion, so element 0, written in the function and read by every thread after the call,
 * does not race; element 1 of key 7's value, written by every thread after the call, does.
 */
@ExpectRaces({"int[1]"})
public class ComputeIfAbsentHandoff {

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<Integer, int[]> map = new ConcurrentHashMap<>();
        long[] sums = new long[4];
        Runnable[] bodies = new Runnable[4];
        for (int t = 0; t < bodies.length; t++) {
            int id = t;
            bodies[t] = () -> {
                long sum = 0;
                for (int k = 0; k < 50; k++) {
                    int[] v = map.computeIfAbsent(k, key -> new int[] {key, 0});
                    sum += v[0];
                    if (k == 7) {
                        v[1] = id;
                    }
                }
                sums[id] = sum;
            };
        }
        Threads.run(bodies);
        System.out.println("sums " + sums[0] + " " + sums[3]);
    }
}
