package corpus;

/** Each thread synchronizes on its own lock object: the critical sections are not ordered with each other. */
@ExpectRaces("corpus.DifferentLocksRace.total")
public class DifferentLocksRace {
    static int total;

    public static void main(String[] args) throws Exception {
        Threads.run(() -> add(new Object()), () -> add(new Object()));
        System.out.println("total " + total);
    }

    static void add(Object myLock) {
        for (int i = 0; i < 100; i++) {
            synchronized (myLock) {
                total += i;
            }
        }
    }
}
