package corpus;

/**
 * Two readers share x and y (read-read is no race). The parent joins only the first reader before
 * writing x, so x races with the second reader; it writes y after joining both, which is ordered.
 */
@ExpectRaces("corpus.SharedWriteRace.x")
public class SharedWriteRace {
    static int x;
    static int y;
    static final int[] SEEN = new int[2];

    public static void main(String[] args) throws Exception {
        x = 1;
        y = 1;
        Thread first = new Thread(() -> SEEN[0] = x + y, "reader-0");
        Thread second = new Thread(() -> SEEN[1] = x + y, "reader-1");
        first.start();
        second.start();
        first.join();
        x = 2;
        second.join();
        y = 2;
        System.out.println("seen " + SEEN[0] + " " + SEEN[1]);
    }
}
