package corpus;

/** Publication through a volatile flag: the reader spins until it sees the flag, so the data write happens-before its read. */
@ExpectRaces({})
public class VolatilePublication {
    int data;
    volatile boolean ready;

    public static void main(String[] args) throws Exception {
        VolatilePublication p = new VolatilePublication();
        int[] seen = new int[1];
        Threads.run(() -> {
            p.data = 42;
            p.ready = true;
        }, () -> {
            while (!p.ready) {
                Thread.onSpinWait();
            }
            seen[0] = p.data;
        });
        System.out.println("seen " + seen[0]);
    }
}
