package corpus;

/**
 * A scanner's private static final tables, unpacked by the class's initialiser (one through a producer and a filler,
 * one element by element) and only read afterwards, by two threads that race to trigger the initialisation: class
 * initialisation happens-before every use of the class, so nothing races. With {@code --elide escape} the reads are
 * not checked at all (read-only tables); they must not be reported either way.
 */
@ExpectRaces({})
public class ReadOnlyTableRaceFree {
    public static void main(String[] args) throws Exception {
        int[] seen = new int[2];
        Threads.run(() -> seen[0] = ReadOnlyTableScanner.classify("a1b2"), () -> seen[1] = ReadOnlyTableScanner.classify("2b1a"));
        System.out.println("seen " + seen[0] + " " + seen[1]);
    }
}

final class ReadOnlyTableScanner {
    private static final int[] KINDS = unpack("\u0001\u0002\u0001\u0002");
    private static final char[] LOWER = new char[128];

    static {
        for (int i = 0; i < LOWER.length; i++) {
            LOWER[i] = Character.toLowerCase((char) i);
        }
    }

    private ReadOnlyTableScanner() {
    }

    private static int[] unpack(String packed) {
        int[] result = new int[packed.length()];
        fill(packed, result);
        return result;
    }

    private static void fill(String packed, int[] into) {
        for (int i = 0; i < packed.length(); i++) {
            into[i] = packed.charAt(i);
        }
    }

    static int classify(String s) {
        int[] kinds = KINDS;
        int sum = 0;
        for (int i = 0; i < s.length(); i++) {
            sum += kinds[LOWER[s.charAt(i)] % kinds.length];
        }
        return sum;
    }
}
