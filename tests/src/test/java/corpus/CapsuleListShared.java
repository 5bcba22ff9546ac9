package corpus;

/**
 * Rhodes's dissertation, chapter 5: an {@code ArrayList}-like class (a size and a running sum, so that the racy
 * locations do not depend on the schedule) is a capsule whose clients must order its activations, and here they do
 * not. Two threads add to one shared instance without synchronisation: its fields race,
 * and under {@code staticbf --capsules} the two threads' activations are a capsule violation (reported with both
 * activations' first field accesses) instead of races on its fields.
 */
@ExpectRaces({"corpus.CapsuleListShared$IntList.size", "corpus.CapsuleListShared$IntList.sum"})
public class CapsuleListShared {

    static final class IntList {
        private long sum;
        private int size;

        void add(int value) {
            sum += value;
            size++;
        }

        int size() {
            return size;
        }
    }

    public static void main(String[] args) throws Exception {
        IntList shared = new IntList();
        Thread[] adders = new Thread[2];
        for (int t = 0; t < adders.length; t++) {
            adders[t] = new Thread(() -> {
                for (int i = 0; i < 100; i++) {
                    shared.add(i);
                }
            });
            adders[t].start();
        }
        for (Thread t : adders) {
            t.join();
        }
        System.out.println("size " + shared.size());
    }
}
