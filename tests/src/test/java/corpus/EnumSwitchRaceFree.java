package corpus;

/**
 * Two threads switch over an enum: javac's synthetic switch-map class (a static final int[] filled by
 * its initialiser) is initialised by whichever thread gets there first and read by both: race-free.
 */
@ExpectRaces({})
public class EnumSwitchRaceFree {
    enum Op { ADD, MUL }

    static int apply(Op op, int a, int b) {
        switch (op) {
            case ADD:
                return a + b;
            case MUL:
                return a * b;
            default:
                throw new IllegalArgumentException(op.name());
        }
    }

    public static void main(String[] args) throws Exception {
        int[] results = new int[2];
        Threads.run(() -> results[0] = apply(Op.ADD, 3, 4), () -> results[1] = apply(Op.MUL, 3, 4));
        System.out.println("results " + results[0] + " " + results[1]);
    }
}
