package corpus;

/**
 * A thread that has ended but was never joined: the next thread main starts must not take its tid (nothing orders
 * the dead thread's write before the new one), so their two writes of {@code value} race, whichever tid the second
 * one gets. Main learns of the first thread's end through {@code getState}, which is no happens-before edge.
 */
@ExpectRaces({"corpus.DeadThreadTidRace.value"})
public class DeadThreadTidRace {
    static int value;

    public static void main(String[] args) throws Exception {
        Thread first = new Thread(() -> value = 1, "first");
        first.start();
        while (first.getState() != Thread.State.TERMINATED) {
            Thread.onSpinWait();
        }
        Thread second = new Thread(() -> value = 2, "second");
        second.start();
        second.join();
        first.join();
        System.out.println("value " + value);
    }
}
