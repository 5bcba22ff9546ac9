package bigfoot.rt;

/** Test double of the runtime's per-thread state. */
public class ThreadState {

    final Thread thread = Thread.currentThread();
    /** Advanced by every release the test runtime records, as the runtime's epoch is. */
    long epoch;
    private Object handedObject;
    private FieldShadow handedLocation;
    private long handedEpoch = -1;
    private boolean handedWrite;

    public long epoch() {
        return epoch;
    }

    /** As the runtime's: the last capsule location an activation handed to the ones it calls on {@code this}. */
    public void handOff(Object obj, FieldShadow location, long epoch, boolean write) {
        if (Thread.currentThread() != thread || location == null) {
            throw new AssertionError("a hand-off with another thread's state or no capsule location");
        }
        handedObject = obj;
        handedLocation = location;
        handedEpoch = epoch;
        handedWrite = write;
    }

    public boolean handedOff(Object obj, FieldShadow location, boolean write) {
        return handedObject == obj && handedLocation == location && handedEpoch == epoch && (handedWrite || !write);
    }

    private Object programCallee;

    public void programCall(Object receiver) {
        programCallee = receiver;
    }

    public boolean takeProgramCall(Object self) {
        boolean program = programCallee == self;
        programCallee = null;
        return program;
    }
}
