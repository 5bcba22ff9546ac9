package bigfoot.rt;

import bigfoot.ir.AccessOp;
import bigfoot.ir.Site;
import bigfoot.rt.report.Race;
import bigfoot.rt.report.RaceKind;
import bigfoot.rt.report.Target;
import bigfoot.rt.trace.Detector;
import bigfoot.rt.trace.Reentrancy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code dynamicbf --tool NAME} for a tool other than FastTrack2: the run's events ({@link RunEvents}) handed to that
 * tool's detector as the run goes. The detectors are the offline analysis's, single-threaded, so they take the events
 * under one lock: a thread's checks wait in its own {@link Pending} list (under that list's monitor, which only the
 * thread itself takes but at a join or at exit) and go to the detector, in the thread's program order, before its
 * next synchronisation event, before a join of it, or at exit. That order is one the run could have had: a check
 * moves later only past other threads' events that are not ordered with it. Re-entrant acquires and releases are
 * filtered as offline ({@link Reentrancy}). Threads, locks, volatiles and locations are numbered as first seen; each
 * access event is numbered by its thread, site and kind, so a race names both accesses' threads and sites. Races are
 * reported as a run reports them: once per kind and pair of sites, with how often they occurred.
 *
 * <p>Every location seen keeps its number and its state in the detector for the whole run (the detectors index them
 * densely; an array's elements are numbered as one block when the array is first checked), so a long run with many
 * short-lived objects needs memory in proportion to the locations it touched, and past 2^31 of them the tool stops
 * (detection is switched off, with one warning).
 */
final class LiveTool extends RunEvents {

    private final TraceTool tool;
    private final Detector detector;
    private final WeakIdentityMap<Integer> threads = new WeakIdentityMap<>();
    private final WeakIdentityMap<Integer> locks = new WeakIdentityMap<>();
    private final Reentrancy<Integer> reentrancy = new Reentrancy<>();
    private final WeakIdentityMap<Integer> volatiles = new WeakIdentityMap<>();
    private final WeakIdentityMap<Map<String, Integer>> holders = new WeakIdentityMap<>();
    private final Map<String, Integer> statics = new HashMap<>();
    private final Map<Integer, Target> fields = new HashMap<>();
    /** An array's elements are the variables from its first one on, in index order. */
    private final WeakIdentityMap<Integer> arrays = new WeakIdentityMap<>();
    /** An array's first variable -> its type. */
    private final TreeMap<Integer, String> arrayTypes = new TreeMap<>();
    private int nextVariable;
    /** Access events by (thread, site, kind): their number. */
    private final Map<Long, Integer> accessNumbers = new HashMap<>();
    private final List<Access> accesses = new ArrayList<>();
    private final Map<String, Found> found = new LinkedHashMap<>();
    private int nextThread;
    private int nextLock;
    private int nextVolatile;

    /** An access event: its thread's number and name, its site and kind. */
    private record Access(int thread, String threadName, int site, boolean write) {
    }

    /** A distinct race: its first occurrence and how often it occurred. */
    private static final class Found {
        final RaceKind kind;
        final int variable;
        final Access previous;
        final Access current;
        long occurrences;

        Found(RaceKind kind, int variable, Access previous, Access current) {
            this.kind = kind;
            this.variable = variable;
            this.previous = previous;
            this.current = current;
        }
    }

    LiveTool(TraceTool tool, Sites sites) {
        super(sites);
        this.tool = tool;
        this.detector = tool.detector.apply(this::race);
    }

    TraceTool tool() {
        return tool;
    }

    /** A thread's checks not yet handed to the detector, in its program order. */
    static final class Pending {
        private static final int CAPACITY = 1024;
        /** The thread's name when it made its first check (a race names the thread so). */
        final String threadName = Thread.currentThread().getName();
        final Object[] holders = new Object[CAPACITY];
        final String[] members = new String[CAPACITY];
        final int[] indices = new int[CAPACITY];
        final int[] sites = new int[CAPACITY];
        final boolean[] writes = new boolean[CAPACITY];
        int size;
    }

    @Override
    void access(ThreadState ts, Object holder, String member, int index, int site, boolean write) {
        Pending p = ts.toolPending;
        if (p == null) {
            ts.toolPending = p = new Pending();
        }
        synchronized (p) {
            if (p.size == Pending.CAPACITY) {
                flush(ts, p);
            }
            int i = p.size++;
            p.holders[i] = holder;
            p.members[i] = member;
            p.indices[i] = index;
            p.sites[i] = site;
            p.writes[i] = write;
        }
    }

    /** Hands {@code ts}'s pending checks to the detector (before its next event, a join of it, the report). */
    void flush(ThreadState ts) {
        Pending p = ts.toolPending;
        if (p != null) {
            synchronized (p) {
                flush(ts, p);
            }
        }
    }

    private synchronized void flush(ThreadState ts, Pending p) {
        int t = thread(ts);
        for (int i = 0; i < p.size; i++) {
            detector.access(t, variable(p.holders[i], p.members[i], p.indices[i]), p.writes[i],
                    event(t, p.threadName, p.sites[i], p.writes[i]));
            p.holders[i] = null;
        }
        p.size = 0;
    }

    // Every event first hands over the thread's pending checks, then takes the detector's lock: a Pending's monitor
    // is always taken before the detector's, never inside it.

    @Override
    void acquire(ThreadState ts, LockState lock) {
        flush(ts);
        synchronized (this) {
            int t = thread(ts);
            int m = number(locks, lock, true);
            if (reentrancy.acquire(t, m)) {
                detector.acquire(t, m);
            }
        }
    }

    @Override
    void release(ThreadState ts, LockState lock) {
        flush(ts);
        synchronized (this) {
            int t = thread(ts);
            int m = number(locks, lock, true);
            if (reentrancy.release(t, m)) {
                detector.release(t, m);
            }
        }
    }

    @Override
    void fork(ThreadState parent, ThreadState child) {
        flush(parent);
        synchronized (this) {
            detector.fork(thread(parent), thread(child));
        }
    }

    @Override
    void join(ThreadState ts, ThreadState joined) {
        flush(ts);
        flush(joined);                                               // it has ended: its last checks come first
        synchronized (this) {
            detector.join(thread(ts), thread(joined));
        }
    }

    @Override
    void volatileRead(ThreadState ts, Object variable) {
        flush(ts);
        synchronized (this) {
            detector.volatileRead(thread(ts), number(volatiles, variable, false));
        }
    }

    @Override
    void volatileWrite(ThreadState ts, Object variable) {
        flush(ts);
        synchronized (this) {
            detector.volatileWrite(thread(ts), number(volatiles, variable, false));
        }
    }

    /** The distinct races of the checks handed over so far ({@link #flush} every thread first), as a run reports them. */
    synchronized List<Race> races() {
        List<Race> out = new ArrayList<>();
        for (Found f : found.values()) {
            Target target = target(f.variable);
            out.add(new Race(f.kind, target, access(f.previous, f.kind.previous), access(f.current, f.kind.current),
                    f.occurrences));
        }
        return out;
    }

    private Race.Access access(Access a, AccessOp op) {
        return a == null ? new Race.Access("unknown thread", op, null, -1)
                : new Race.Access(a.threadName(), op, site(a.site()), a.site());
    }

    /** The detector's report: counted once per kind and pair of sites. */
    private void race(String kind, int variable, int previous, int current) {
        Access p = previous >= 0 ? accesses.get(previous) : null;
        Access c = accesses.get(current);
        RaceKind k = RaceKind.of(kind, p == null || p.write(), c.write());
        String key = k.id + "|" + (p == null ? "?" : p.site()) + "|" + c.site();
        found.computeIfAbsent(key, x -> new Found(k, variable, p, c)).occurrences++;
    }


    private int thread(ThreadState ts) {
        return threads.entry(ts, k -> nextThread++).value;
    }

    private int number(WeakIdentityMap<Integer> numbers, Object key, boolean lock) {
        return numbers.entry(key, k -> lock ? nextLock++ : nextVolatile++).value;
    }

    /** The number of a location: an array's elements are numbered as a block when the array is first seen. */
    private int variable(Object holder, String member, int index) {
        if (index >= 0) {
            return arrays.entry(holder, k -> {
                int first = nextVariable;
                nextVariable = Math.addExact(first, ((ArrayShadow) holder).length());
                arrayTypes.put(first, member);
                return first;
            }).value + index;
        }
        Map<String, Integer> members = holder == null ? statics : holders.entry(holder, k -> new HashMap<>()).value;
        Integer v = members.get(member);
        if (v == null) {
            v = nextVariable;
            nextVariable = Math.addExact(v, 1);
            members.put(member, v);
            fields.put(v, Target.ofField(holder == null ? "static" : "field", member));
        }
        return v;
    }

    private Target target(int variable) {
        Target field = fields.get(variable);
        if (field != null) {
            return field;
        }
        Map.Entry<Integer, String> array = arrayTypes.floorEntry(variable);
        return new Target("array", array.getValue(), null, variable - array.getKey());
    }

    /** The number of the access event of thread {@code t} (named {@code name}) at {@code site} ({@code write} or read). */
    private int event(int t, String name, int site, boolean write) {
        long key = ((long) t << 33) | ((site & 0xffffffffL) << 1) | (write ? 1 : 0);
        Integer e = accessNumbers.get(key);
        if (e == null) {
            e = accesses.size();
            accessNumbers.put(key, e);
            accesses.add(new Access(t, name, site, write));
        }
        return e;
    }
}
