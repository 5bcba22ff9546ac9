package corpus;

/**
 * Rhodes's dissertation, chapter 5: a capsule's getter returns its private array, which leaks: the array is no longer
 * protected by the capsule, and two threads that write its elements through the getter race on them, although every
 * activation of the capsule's methods is ordered (synchronized). The capsule itself shows no violation; the race on
 * the array is still reported.
 */
@ExpectRaces({"int[0]"})
public class CapsuleLeakedArray {

    static final class Histogram {
        private int[] counts = new int[8];
        private int total;

        synchronized void add(int bucket) {
            counts[bucket]++;
            total++;
        }

        synchronized int[] counts() {
            return counts;
        }

        synchronized int total() {
            return total;
        }
    }

    public static void main(String[] args) throws Exception {
        Histogram h = new Histogram();
        Thread[] writers = new Thread[2];
        for (int t = 0; t < writers.length; t++) {
            writers[t] = new Thread(() -> {
                h.add(1);
                h.counts()[0] = 7; // through the leaked array: no lock
            });
            writers[t].start();
        }
        for (Thread t : writers) {
            t.join();
        }
        System.out.println("total " + h.total() + ", bucket 0 " + h.counts()[0]);
    }
}
