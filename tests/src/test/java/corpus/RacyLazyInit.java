package corpus;

/**
 * Unsynchronised lazy initialisation: both threads read the instance field and at least one writes it,
 * so a read of one thread and the other thread's write are always unordered.
 */
@ExpectRaces("corpus.RacyLazyInit.instance")
public class RacyLazyInit {
    static RacyLazyInitSingleton instance;

    static RacyLazyInitSingleton get() {
        if (instance == null) {
            instance = new RacyLazyInitSingleton(42);
        }
        return instance;
    }

    public static void main(String[] args) throws Exception {
        Threads.run(RacyLazyInit::get, RacyLazyInit::get);
        System.out.println("value " + instance.value); // after both joins
    }
}

class RacyLazyInitSingleton {
    final int value;

    RacyLazyInitSingleton(int value) {
        this.value = value;
    }
}
