package bigfoot.rt.trace;

import java.util.BitSet;

/**
 * Eraser's lockset algorithm (Savage et al., "Eraser: A Dynamic Data Race Detector for Multithreaded Programs",
 * section 2.2), the baseline the FastTrack paper compares with: a variable is VIRGIN, then EXCLUSIVE to its first
 * thread, then SHARED once another thread reads it or SHARED-MODIFIED once another thread writes it; from the first
 * other thread on, its candidate set is refined to the locks held at every access, and a SHARED-MODIFIED variable
 * whose candidate set is empty is reported once. It ignores forks and joins, so a program ordered by them alone gets
 * warnings that are not races (its known false alarms); the previous access it names is the last one by another
 * thread. Volatile accesses are neither checked nor change a lockset.
 */
public final class Eraser implements Detector {

    private enum State { VIRGIN, EXCLUSIVE, SHARED, SHARED_MODIFIED }

    private static final class Variable {
        State state = State.VIRGIN;
        int owner;
        BitSet candidates;
        boolean reported;
        int lastThread = -1;
        int lastEvent = -1;
        /** The last access by a thread other than {@code lastThread}'s. */
        int otherEvent = -1;
    }

    private final Races races;
    private final Numbered<BitSet> held = new Numbered<>(t -> new BitSet());
    private final Numbered<Variable> variables = new Numbered<>(x -> new Variable());

    public Eraser(Races races) {
        this.races = races;
    }

    @Override
    public void access(int t, int x, boolean write, int event) {
        Variable v = variables.get(x);
        BitSet locks = held.get(t);
        switch (v.state) {
            case VIRGIN -> {
                v.state = State.EXCLUSIVE;
                v.owner = t;
            }
            case EXCLUSIVE -> {
                if (t != v.owner) {
                    v.state = write ? State.SHARED_MODIFIED : State.SHARED;
                    v.candidates = (BitSet) locks.clone();
                }
            }
            case SHARED, SHARED_MODIFIED -> {
                v.candidates.and(locks);                                 // C(v) := C(v) ∩ locks_held(t)
                if (write) {
                    v.state = State.SHARED_MODIFIED;
                }
            }
        }
        if (v.lastThread != t) {
            v.otherEvent = v.lastEvent;
        }
        if (v.state == State.SHARED_MODIFIED && v.candidates.isEmpty() && !v.reported) {
            v.reported = true;
            races.race("lockset", x, v.otherEvent, event);
        }
        v.lastThread = t;
        v.lastEvent = event;
    }

    @Override
    public void acquire(int t, int m) {
        held.get(t).set(m);
    }

    @Override
    public void release(int t, int m) {
        held.get(t).clear(m);
    }

    @Override
    public void fork(int parent, int child) {
    }

    @Override
    public void join(int thread, int joined) {
    }

    @Override
    public void volatileRead(int thread, int variable) {
    }

    @Override
    public void volatileWrite(int thread, int variable) {
    }
}
