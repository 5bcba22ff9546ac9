package corpus;

/**
 * Four threads; the odd ones take the branch that bumps a shared counter, the even ones write their
 * own slot. The never-taken branch's field is never accessed, so it cannot be reported.
 */
@ExpectRaces("corpus.BranchRace.hits")
public class BranchRace {
    static int hits;
    static int neverTouched;

    public static void main(String[] args) throws Exception {
        int[] slots = new int[4];
        Runnable[] bodies = new Runnable[4];
        for (int k = 0; k < 4; k++) {
            int me = k;
            bodies[k] = () -> work(me, slots);
        }
        Threads.run(bodies);
        System.out.println("hits " + hits + " slot2 " + slots[2]);
    }

    static void work(int me, int[] slots) {
        if (me == 99) {
            neverTouched++;
        } else if (me % 2 == 1) {
            hits++;
        } else {
            slots[me] = me;
        }
    }
}
