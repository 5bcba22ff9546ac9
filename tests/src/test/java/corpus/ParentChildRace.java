package corpus;

/** The parent writes after starting the child and before joining it, while the child reads: unordered. */
@ExpectRaces("corpus.ParentChildRace.value")
public class ParentChildRace {
    static int value;
    static int copy;

    public static void main(String[] args) throws Exception {
        value = 1; // before start: ordered with the child
        Thread child = new Thread(() -> copy = value, "child");
        child.start();
        value = 2;
        child.join();
        System.out.println("copy " + copy);
    }
}
