package corpus;

/**
 * Rhodes's dissertation, chapter 5: a capsule's small getter and setter, called in a loop from outside the class, each
 * call an activation of its own. Two threads read with {@code get()} and then write with {@code set(..)} without
 * synchronisation: the getters' read checks of the location do not stand for the setters' write checks, and the two
 * threads' activations are a violation (under {@code staticbf --capsules}; a race on {@code value} otherwise).
 */
@ExpectRaces({"corpus.CapsuleGetterRace$Cell.value"})
public class CapsuleGetterRace {

    static final class Cell {
        private int value;

        int get() {
            return value;
        }

        void set(int v) {
            value = v;
        }
    }

    public static void main(String[] args) throws Exception {
        Cell cell = new Cell();
        Thread[] workers = new Thread[2];
        for (int t = 0; t < workers.length; t++) {
            workers[t] = new Thread(() -> {
                for (int i = 0; i < 1_000; i++) {
                    cell.set(cell.get() + 1);
                }
            });
            workers[t].start();
        }
        for (Thread t : workers) {
            t.join();
        }
        System.out.println("value " + cell.get());
    }
}
