package corpus;

/**
 * Rhodes's dissertation, chapter 5: a capsule's private array, only ever a fresh array of its own and never handed
 * out, is capsule-protected: its elements are checked with the capsule's location, not on their own. Two threads that
 * write one slot through the capsule's method with no synchronisation race on that element; with capsules the race
 * shows as a capsule violation of {@code Slots}.
 */
@ExpectRaces(value = {"int[1]"}, protectedArrays = {"int[1] corpus.CapsuleArrayUnsynchronized$Slots"})
public class CapsuleArrayUnsynchronized {

    static final class Slots {
        private final int[] values;
        private int capacity;

        Slots() {
            capacity = 4;
            values = new int[capacity];
        }

        void set(int i, int v) {
            values[i] = v;
        }

        int get(int i) {
            return values[i];
        }
    }

    public static void main(String[] args) throws Exception {
        Slots slots = new Slots();
        Thread[] writers = new Thread[2];
        for (int t = 0; t < writers.length; t++) {
            int v = t;
            writers[t] = new Thread(() -> slots.set(1, v));
            writers[t].start();
        }
        for (Thread t : writers) {
            t.join();
        }
        System.out.println("slot 1 holds " + slots.get(1));
    }
}
