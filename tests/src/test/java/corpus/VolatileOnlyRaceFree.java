package corpus;

/** Unsynchronised reads and writes of volatile fields are synchronisation, never data races. */
@ExpectRaces({})
public class VolatileOnlyRaceFree {
    static volatile int level;
    volatile long stamp;

    public static void main(String[] args) throws Exception {
        VolatileOnlyRaceFree v = new VolatileOnlyRaceFree();
        Runnable body = () -> {
            for (int i = 0; i < 100; i++) {
                level = level + 1;
                v.stamp = v.stamp + i;
            }
        };
        Threads.run(body, body);
        System.out.println("level>0 " + (level > 0) + " stamp>0 " + (v.stamp > 0));
    }
}
