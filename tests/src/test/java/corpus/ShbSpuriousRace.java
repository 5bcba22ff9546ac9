package corpus;

/**
 * The SHB paper's Fig. 1 (Mathur, Kini and Viswanathan, "What Happens-After the First Race?", OOPSLA 2018): the writer
 * sets x, then y; the reader waits until it sees y set, reads it once more, then reads x. Under happens-before both
 * reads race with the writes; but no execution can make the read of x race, since a reader that sees y set runs after
 * both writes: schedulable happens-before (SHB) reports y only.
 */
@ExpectRaces({"corpus.ShbSpuriousRace.y", "corpus.ShbSpuriousRace.x"})
public class ShbSpuriousRace {
    int x;
    int y;

    public static void main(String[] args) throws Exception {
        ShbSpuriousRace s = new ShbSpuriousRace();
        int[] seen = new int[1];
        Threads.run(() -> {
            s.x = 1;
            s.y = 1;
        }, () -> {
            while (s.y == 0) {
                Thread.yield(); // a native call: the loop reads y again
            }
            int y = s.y;        // checked after the write it sees was, whatever the schedule
            seen[0] = y + s.x;
        });
        System.out.println("seen " + seen[0]);
    }
}
