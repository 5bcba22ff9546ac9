package corpus;

/**
 * An object built in one thread and published through a plain static: the reader waits until it sees the object
 * (a sleep orders nothing), so its read of the field the constructor wrote always races with that write. The
 * constructor's check is made without a CAS, its object not having escaped yet: the reader must still see it. With
 * {@code --elide escape} the constructor's write is not checked at all, and only the race on {@code shared} (which
 * the one on {@code value} follows) must be reported: the dissertation's Fig. 4.2.
 */
@ExpectRaces(value = {"corpus.RacyConstruction.shared", "corpus.RacyConstructionBox.value"},
        afterAnotherRace = "corpus.RacyConstructionBox.value")
public class RacyConstruction {
    static RacyConstructionBox shared;

    public static void main(String[] args) throws Exception {
        int[] seen = new int[1];
        Threads.run(() -> shared = new RacyConstructionBox(42), () -> {
            RacyConstructionBox box;
            while ((box = shared) == null) {
                sleep();
            }
            seen[0] = box.value;
        });
        System.out.println("seen " + seen[0]);
    }

    private static void sleep() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}

class RacyConstructionBox {
    int value;

    RacyConstructionBox(int value) {
        this.value = value;
    }
}
