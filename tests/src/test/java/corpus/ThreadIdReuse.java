package corpus;

/** 200 short-lived threads, each started and joined before the next: every access is ordered (thread ids may be reused). */
@ExpectRaces({})
public class ThreadIdReuse {
    static int count;
    static final int[] RING = new int[8];

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 200; i++) {
            int slot = i % RING.length;
            Thread t = new Thread(() -> {
                count++;
                RING[slot]++;
            }, "short-" + i);
            t.start();
            t.join();
        }
        System.out.println("count " + count + " ring0 " + RING[0]);
    }
}
