package corpus;

/** Correct double-checked locking (volatile instance, creation under the class lock): race-free, including the object's fields. */
@ExpectRaces({})
public class VolatileDoubleChecked {
    private static volatile VolatileDoubleCheckedConfig instance;

    static VolatileDoubleCheckedConfig get() {
        VolatileDoubleCheckedConfig c = instance;
        if (c == null) {
            synchronized (VolatileDoubleChecked.class) {
                c = instance;
                if (c == null) {
                    c = new VolatileDoubleCheckedConfig();
                    c.size = 64;
                    c.name = "cfg";
                    instance = c;
                }
            }
        }
        return c;
    }

    public static void main(String[] args) throws Exception {
        int[] sizes = new int[2];
        Threads.run(() -> sizes[0] = get().size + get().name.length(), () -> sizes[1] = get().size);
        System.out.println("sizes " + sizes[0] + " " + sizes[1]);
    }
}

class VolatileDoubleCheckedConfig {
    int size;
    String name;
}
