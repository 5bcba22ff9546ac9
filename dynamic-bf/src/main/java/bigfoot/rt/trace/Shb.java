package bigfoot.rt.trace;

/**
 * SHB, schedulable happens-before (Mathur, Kini and Viswanathan, "What Happens-After the First Race?", OOPSLA 2018),
 * with the paper's epoch optimisation (Algorithm 2): happens-before plus an edge from each read's last write to the
 * read. Each variable keeps the clock of its last write (LW, a full vector clock: it orders, as a lock's does), which a
 * read joins after its race check, and a write ticks its thread's clock, so that what follows the write is not
 * ordered before the write's readers. Every race it reports can be scheduled, also after the first (which it always
 * reports, as happens-before detectors do); so no access is skipped for being in the epoch of an earlier one: a
 * read must still join the variable's latest write.
 *
 * <p>The reads and the writes of a variable are each an epoch c@u while they are totally ordered, else a vector
 * clock. W is fully adaptive: a write ordered after every earlier write makes it an epoch again, and a write-write
 * race makes it a vector clock (FastTrack's W is always an epoch, which only holds up to the first race). R is
 * semi-adaptive, as FastTrack1's: once two reads are concurrent it stays a vector clock. It reports a race at exactly
 * the events Algorithm 1 does.
 */
public final class Shb extends ThreadClocks {

    /** The reads or the writes of one variable: an epoch ({@code vc == null}) or a clock, with their events. */
    private static final class History {
        int clock;
        int thread;
        int event = -1;
        /** Per thread: its last access's clock and event, once the history is a vector clock; else null. */
        int[] vc;
        int[] events;

        /** A thread whose access here {@code c} does not cover, or -1. */
        int notCovered(int[] c) {
            if (vc == null) {
                return clock <= at(c, thread) ? -1 : thread;
            }
            for (int u = 0; u < vc.length; u++) {
                if (vc[u] > at(c, u)) {
                    return u;
                }
            }
            return -1;
        }

        /** The event of thread u's access here. */
        int eventOf(int u) {
            return vc == null ? event : at(events, u);
        }

        void setEpoch(int t, int c, int e) {
            vc = null;
            events = null;
            clock = c;
            thread = t;
            event = e;
        }

        /** Becomes (or stays) a vector clock, with thread t's entry c at event e. */
        void setEntry(int t, int c, int e) {
            if (vc == null) {
                vc = set(new int[0], thread, clock);
                events = set(new int[0], thread, event);
            }
            vc = set(vc, t, c);
            events = set(events, t, e);
        }
    }

    private static final class Variable {
        final History reads = new History();
        final History writes = new History();
        int[] lastWrite = new int[0];
    }

    private final Races races;
    private final Numbered<Variable> variables = new Numbered<>(x -> new Variable());

    public Shb(Races races) {
        this.races = races;
    }

    @Override
    public void access(int t, int x, boolean write, int event) {
        Variable v = variables.get(x);
        int[] c = clock(t);
        int writer = v.writes.notCovered(c);
        if (write) {
            int reader = v.reads.notCovered(c);
            if (reader >= 0) {                                       // race with a read
                races.race("read-write", x, v.reads.eventOf(reader), event);
            }
            if (writer < 0) {
                v.writes.setEpoch(t, c[t], event);                   // W_x := C_t(t)@t
            } else {                                                 // race with a write: W_x a vector clock
                races.race("write-write", x, v.writes.eventOf(writer), event);
                v.writes.setEntry(t, c[t], event);
            }
            v.lastWrite = c.clone();                                 // LW_x := C_t
            tick(t);                                                 // C_t(t) := C_t(t) + 1 after every write
        } else {
            if (writer >= 0) {                                       // race with a write
                races.race("write-read", x, v.writes.eventOf(writer), event);
            }
            joinInto(t, v.lastWrite);                                // C_t := C_t ⊔ LW_x: the reads-from edge
            c = clock(t);
            if (v.reads.vc != null) {
                v.reads.setEntry(t, c[t], event);                    // R_x(t) := C_t(t)
            } else if (v.reads.clock <= at(c, v.reads.thread)) {
                v.reads.setEpoch(t, c[t], event);                    // reads still totally ordered
            } else {
                v.reads.setEntry(t, c[t], event);                    // concurrent reads: R_x a vector clock
            }
        }
    }
}
