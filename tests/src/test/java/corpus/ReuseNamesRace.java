package corpus;

/**
 * Thread "a" is joined before "b" starts, so "b" may take a's tid; "b" and "c" then race on {@code y}. Whatever tids
 * they got, the report must name "b" and "c" (not "a", the tid's earlier owner), each started by main. Nothing races
 * on {@code x}: a's write is ordered before everything after the join.
 */
@ExpectRaces({"corpus.ReuseNamesRace.y"})
public class ReuseNamesRace {
    static int x;
    static int y;

    public static void main(String[] args) throws Exception {
        Thread a = new Thread(() -> x = 1, "a");
        a.start();
        a.join();
        Thread b = new Thread(() -> y = x + 1, "b");
        Thread c = new Thread(() -> y = x + 2, "c");
        b.start();
        c.start();
        b.join();
        c.join();
        System.out.println("x " + x);
    }
}
