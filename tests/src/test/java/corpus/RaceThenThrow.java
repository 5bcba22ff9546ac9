package corpus;

/**
 * Each thread writes a field and then fails in the same method (the array is too short), leaving it by an
 * exception its caller catches: a placement that defers the write's check past the failing store must still
 * run it, or the race is lost.
 */
@ExpectRaces("corpus.RaceThenThrow.shared")
public class RaceThenThrow {
    int shared;

    void bumpThenFail(int[] slots) {
        shared++;
        slots[5] = shared;
    }

    public static void main(String[] args) throws Exception {
        RaceThenThrow r = new RaceThenThrow();
        Runnable body = () -> {
            try {
                r.bumpThenFail(new int[1]);
            } catch (ArrayIndexOutOfBoundsException expected) {
                // the store failed, after the write to shared
            }
        };
        Threads.run(body, body);
        System.out.println("shared " + r.shared);
    }
}
