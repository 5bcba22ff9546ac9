package corpus;

/** Four threads fill disjoint quarters of one array; the parent sums after joining. */
@ExpectRaces({})
public class ArrayPartition {
    public static void main(String[] args) throws Exception {
        int[] a = new int[100];
        Runnable[] bodies = new Runnable[4];
        for (int k = 0; k < 4; k++) {
            int lo = k * 25;
            bodies[k] = () -> {
                for (int i = lo; i < lo + 25; i++) {
                    a[i] = i * i;
                }
            };
        }
        Threads.run(bodies);
        long sum = 0;
        for (int v : a) {
            sum += v;
        }
        System.out.println("sum " + sum);
    }
}
