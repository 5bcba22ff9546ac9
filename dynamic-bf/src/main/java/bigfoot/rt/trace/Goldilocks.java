package bigfoot.rt.trace;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Goldilocks (Elmas, Qadeer and Tasiran, "Goldilocks: Efficiently Computing the Happens-Before Relation Using
 * Locksets", MSR-TR-2006-163), with lazy evaluation and its short-circuit checks: no vector clocks. Every
 * synchronisation event is appended to one update list; an access remembers the list's length, its thread and one
 * lock its thread held. A later access by thread t is ordered after it exactly when t enters the access's lockset,
 * which starts as {its thread} and grows along the list from there (the TR's rules 4-7: a release by a member adds
 * the lock, an acquire of a member lock adds the acquirer, a fork by a member adds the child, a join of a member
 * adds the joiner; Theorem 1; and rules 2-3 for volatiles: a write by a member adds the variable, a read of a member
 * variable adds the reader). Short circuits: the same thread, or t holds the lock the earlier access's thread
 * held then. The TR does not tell reads from writes; here, as FastTrack does, a read is checked against the last
 * write, and a write against the last write and every read since it, so concurrent reads are not races.
 */
public final class Goldilocks implements Detector {

    private enum Kind { ACQUIRE, RELEASE, FORK, JOIN, VOLATILE_READ, VOLATILE_WRITE }

    /** A cell of the update list: {@code thread} did {@code kind} on {@code target} (a lock, a thread or a volatile). */
    private record Cell(int thread, Kind kind, int target) {
    }

    /**
     * An access: its thread, the list's length then, one lock its thread held (or -1), and its event; and its lockset
     * as far as the list has been read for it (the TR's lazy evaluation: a lockset only grows along the list, so a
     * later check goes on from where the last one stopped).
     */
    private static final class Access {
        final int thread;
        final int lock;
        final int event;
        int position;
        /** Made at the first check that reads the list. */
        BitSet threads;
        BitSet locks;
        BitSet volatiles;

        Access(int thread, int position, int lock, int event) {
            this.thread = thread;
            this.position = position;
            this.lock = lock;
            this.event = event;
        }
    }

    private static final class Variable {
        Access lastWrite;
        /** The reads since the last write, at most one per thread (its latest). */
        final Map<Integer, Access> reads = new LinkedHashMap<>();
    }

    private final Races races;
    private final List<Cell> updates = new ArrayList<>();
    private final Numbered<BitSet> held = new Numbered<>(t -> new BitSet());
    private final Numbered<Variable> variables = new Numbered<>(x -> new Variable());

    public Goldilocks(Races races) {
        this.races = races;
    }

    @Override
    public void access(int t, int x, boolean write, int event) {
        Variable v = variables.get(x);
        if (v.lastWrite != null && !ordered(v.lastWrite, t)) {
            races.race(write ? "write-write" : "write-read", x, v.lastWrite.event, event);
        }
        BitSet locks = held.get(t);
        Access now = new Access(t, updates.size(), locks.nextSetBit(0), event);
        if (write) {
            for (Access read : v.reads.values()) {
                if (!ordered(read, t)) {
                    races.race("read-write", x, read.event, event);
                    break;
                }
            }
            v.reads.clear();
            v.lastWrite = now;
        } else {
            v.reads.put(t, now);
        }
    }

    /**
     * True if {@code earlier} happens before thread t's current event: the short circuits, else t enters the
     * lockset that starts as {earlier's thread} at its position in the update list (Apply-Lockset-Rules), read from
     * where its last check stopped.
     */
    private boolean ordered(Access earlier, int t) {
        if (earlier.thread == t || earlier.lock >= 0 && held.get(t).get(earlier.lock)) {
            return true;
        }
        if (earlier.threads == null) {
            earlier.threads = new BitSet();
            earlier.threads.set(earlier.thread);                     // rule 1: LS := {t}
            earlier.locks = new BitSet();
            earlier.volatiles = new BitSet();
        }
        BitSet threads = earlier.threads;
        BitSet locks = earlier.locks;
        BitSet volatiles = earlier.volatiles;
        if (threads.get(t)) {
            return true;
        }
        for (int i = earlier.position; i < updates.size(); i++) {
            Cell c = updates.get(i);
            switch (c.kind()) {
                case RELEASE -> {
                    if (threads.get(c.thread())) {
                        locks.set(c.target());                       // rule 5: a member releases: add the lock
                    }
                }
                case ACQUIRE -> {
                    if (locks.get(c.target())) {
                        threads.set(c.thread());                     // rule 4: a member lock acquired: add the thread
                    }
                }
                case FORK -> {
                    if (threads.get(c.thread())) {
                        threads.set(c.target());                     // rule 6: a member forks: add the child
                    }
                }
                case JOIN -> {
                    if (threads.get(c.target())) {
                        threads.set(c.thread());                     // rule 7: a member joined: add the joiner
                    }
                }
                case VOLATILE_WRITE -> {
                    if (threads.get(c.thread())) {
                        volatiles.set(c.target());                   // a member writes: add the variable
                    }
                }
                case VOLATILE_READ -> {
                    if (volatiles.get(c.target())) {
                        threads.set(c.thread());                     // a member variable read: add the reader
                    }
                }
            }
            if (threads.get(t)) {
                earlier.position = i + 1;
                return true;
            }
        }
        earlier.position = updates.size();
        return false;
    }

    @Override
    public void acquire(int t, int m) {
        held.get(t).set(m);
        updates.add(new Cell(t, Kind.ACQUIRE, m));
    }

    @Override
    public void release(int t, int m) {
        held.get(t).clear(m);
        updates.add(new Cell(t, Kind.RELEASE, m));
    }

    @Override
    public void fork(int parent, int child) {
        updates.add(new Cell(parent, Kind.FORK, child));
    }

    @Override
    public void join(int thread, int joined) {
        updates.add(new Cell(thread, Kind.JOIN, joined));
    }

    @Override
    public void volatileRead(int thread, int variable) {
        updates.add(new Cell(thread, Kind.VOLATILE_READ, variable));
    }

    @Override
    public void volatileWrite(int thread, int variable) {
        updates.add(new Cell(thread, Kind.VOLATILE_WRITE, variable));
    }
}
