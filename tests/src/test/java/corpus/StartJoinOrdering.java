package corpus;

/** Parent writes, starts a child that updates, joins it, then updates again; twice in sequence. All ordered by start/join. */
@ExpectRaces({})
public class StartJoinOrdering {
    static int value;

    public static void main(String[] args) throws Exception {
        value = 1;
        Thread first = new Thread(() -> value = value * 10, "first");
        first.start();
        first.join();
        value += 2;
        Thread second = new Thread(() -> value = value * 10, "second");
        second.start();
        second.join();
        System.out.println("value " + value);
    }
}
