package bigfoot.rt.trace;

/**
 * FastTrack as first published ("FastTrack: Efficient and Precise Dynamic Race Detection", PLDI 2009, Figure 2): the
 * last write is an epoch, the reads an epoch until two are concurrent (READ SHARE) and a vector clock from then on,
 * until a write ordered after all of them returns them to the empty epoch (WRITE SHARED). It differs from FastTrack2
 * ({@code ft2}) in that reset, in having no READ SHARED SAME EPOCH rule, and in ticking a joined thread's clock.
 * After a race it goes on as if the access had been ordered (the error is the only difference).
 */
public final class Ft1 extends ThreadClocks {

    /** The empty epoch ⊥e, 0@0: ordered before everything. */
    private static final long NONE = 0;

    private static final class Variable {
        long w = NONE;
        int writeEvent = -1;
        long r = NONE;
        int readEvent = -1;
        /** The read history once read-shared, with the events of each thread's last read; else null. */
        int[] reads;
        int[] readEvents;
    }

    private final Races races;
    private final Numbered<Variable> variables = new Numbered<>(x -> new Variable());

    public Ft1(Races races) {
        this.races = races;
    }

    @Override
    public void access(int t, int x, boolean write, int event) {
        int[] c = clock(t);
        long e = epoch(t, c[t]);
        Variable v = variables.get(x);
        if (write ? v.w == e : v.reads == null && v.r == e) {
            return;                                                  // FT WRITE SAME EPOCH / FT READ SAME EPOCH
        }
        if (!ordered(v.w, c)) {                                      // W_x ⪯ C_t fails: WRITE-WRITE / WRITE-READ
            races.race(write ? "write-write" : "write-read", x, v.writeEvent, event);
        }
        if (write) {
            if (v.reads == null) {                                   // FT WRITE EXCLUSIVE
                if (!ordered(v.r, c)) {
                    races.race("read-write", x, v.readEvent, event);
                }
            } else {                                                 // FT WRITE SHARED: R_x ⊑ C_t, then R_x := ⊥e
                for (int u = 0; u < v.reads.length; u++) {
                    if (v.reads[u] > at(c, u)) {
                        races.race("read-write", x, v.readEvents[u], event);
                        break;
                    }
                }
                v.reads = null;
                v.readEvents = null;
                v.r = NONE;
                v.readEvent = -1;
            }
            v.w = e;
            v.writeEvent = event;
        } else if (v.reads != null) {                                // FT READ SHARED
            v.reads = set(v.reads, t, c[t]);
            v.readEvents = set(v.readEvents, t, event);
        } else if (ordered(v.r, c)) {                                // FT READ EXCLUSIVE
            v.r = e;
            v.readEvent = event;
        } else {                                                     // FT READ SHARE: both reads in a vector clock
            int u = tid(v.r);
            v.reads = set(set(new int[0], u, clock(v.r)), t, c[t]);
            v.readEvents = set(set(new int[0], u, v.readEvent), t, event);
        }
    }

    /** FT1's join also ticks the joined thread: C_t := C_t ⊔ C_u, C_u := inc_u(C_u). */
    @Override
    public void join(int t, int u) {
        super.join(t, u);
        tick(u);
    }

    private static long epoch(int tid, int clock) {
        return (long) tid << 32 | clock;
    }

    private static int tid(long epoch) {
        return (int) (epoch >>> 32);
    }

    private static int clock(long epoch) {
        return (int) epoch;
    }

    /** c@u ⪯ C_t: c ≤ C_t(u). */
    private static boolean ordered(long epoch, int[] c) {
        return clock(epoch) <= at(c, tid(epoch));
    }
}
