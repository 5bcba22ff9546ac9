package corpus;

/**
 * The finalizer edge (JLS 17.4.5) orders only the constructor: main's write to {@code state} after construction is
 * not ordered before the finalizer's read, a race. The object never reaches another thread through the program's
 * own stores: the JVM hands it to the finalizer thread, so the partial-escape filter must count it as escaped once
 * constructed.
 */
@ExpectRaces({"corpus.FinalizerRace.state"})
public class FinalizerRace {
    private static volatile boolean finalized;
    private static int seen;

    private int state;

    @Override
    @SuppressWarnings({"deprecation", "removal"})
    protected void finalize() {
        seen = state;
        finalized = true;
    }

    /**
     * Its own method: BigFoot's placement may make the write's check at the method's end, and the object stays
     * reachable until then.
     */
    private static void dropAfterWriting() {
        FinalizerRace r = new FinalizerRace();
        r.state = 7;
    }

    public static void main(String[] args) throws Exception {
        dropAfterWriting();
        Finalization.await(() -> finalized);
        System.out.println("seen " + seen);
    }
}
