package corpus;

/**
 * Static finals built by a static initialiser (a singleton with a mutable field, and an array), read
 * by two threads that race to trigger the initialisation: class initialisation happens-before every
 * use of the class, so nothing races. main never touches the class.
 */
@ExpectRaces({})
public class FinalStaticInitRaceFree {
    public static void main(String[] args) throws Exception {
        int[] seen = new int[2];
        Threads.run(() -> seen[0] = FinalStaticInitConfig.INSTANCE.size + FinalStaticInitConfig.SQUARES[3],
                () -> seen[1] = FinalStaticInitConfig.INSTANCE.size + FinalStaticInitConfig.SQUARES[3]);
        System.out.println("seen " + seen[0] + " " + seen[1]);
    }
}

class FinalStaticInitConfig {
    static final FinalStaticInitConfig INSTANCE = new FinalStaticInitConfig(64);
    static final int[] SQUARES = new int[8];
    int size;

    static {
        for (int i = 0; i < SQUARES.length; i++) {
            SQUARES[i] = i * i;
        }
    }

    FinalStaticInitConfig(int size) {
        this.size = size;
    }
}
