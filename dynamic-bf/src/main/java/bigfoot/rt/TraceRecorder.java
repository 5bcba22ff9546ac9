package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.rt.trace.StdTrace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code dynamicbf --record FILE}: the run's events as the detector takes them, written as a trace in STD format
 * ({@link StdTrace}), so that {@code dynamicbf --analyze FILE --tool NAME} can run any detector over the same run.
 *
 * <p>An access event is a check the rewritten program made, one event per location it covers (a range check is one
 * per element in bounds), named {@code pkg.Class.field@N} (the field of object N), {@code pkg.Class.field} (a static
 * field) or {@code int[]@N[i]} (element i of array N); its location is its site ({@code pkg.Class.m(Foo.java:12)@bci7}).
 * A synchronisation event is written where the detector applies it, with the happens-before edge the detector gives
 * it: monitors {@code mN} as acquires and releases, volatiles and java.util.concurrent channels {@code vN} as
 * {@code vr}/{@code vw}, a class's initialisation {@code cN} as a volatile written at the end of its
 * {@code <clinit>} and read by a thread's first use of the class, a barrier's generation {@code bN} as a volatile
 * each thread writes when it arrives and reads when it leaves. Threads are numbered in the order the trace first
 * names them (a reused tid is a new thread here).
 *
 * <p>A thread's events are written in its program order, and every synchronisation event in the order the
 * detector applies it to its object (under the monitor, the volatile's lock, the class's initialisation), so the
 * trace orders exactly what the run's happens-before orders. A failure to write stops the recording with one line
 * on stderr; the program runs on.
 */
final class TraceRecorder {

    private final Path file;
    private final Sites sites;
    private final Writer out;
    private final WeakIdentityMap<Integer> objects = new WeakIdentityMap<>();
    private final WeakIdentityMap<Integer> threads = new WeakIdentityMap<>();
    private final AtomicInteger nextObject = new AtomicInteger();
    private final AtomicInteger nextThread = new AtomicInteger();
    private boolean stopped;
    private long events;

    private TraceRecorder(Path file, Sites sites, Writer out) {
        this.file = file;
        this.sites = sites;
        this.out = out;
    }

    /** A recorder writing to {@code file} (made or truncated now). */
    static TraceRecorder open(Path file, Sites sites) throws IOException {
        return new TraceRecorder(file, sites, new BufferedWriter(
                new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8), 1 << 20));
    }

    // ---------------------------------------------------------------- accesses

    /** A check of {@code obj}'s field at {@code site} (the field the site names). */
    void field(ThreadState ts, Object obj, int site, boolean write) {
        access(ts, write, target(site) + "@" + id(obj), site);
    }

    /** A check of the static field {@code site} names. */
    void staticField(ThreadState ts, int site, boolean write) {
        access(ts, write, target(site), site);
    }

    /** A check of a field of {@code objOrClass} (a class for a static field) that a class not rewritten declares. */
    void foreign(ThreadState ts, Object objOrClass, int site, boolean write) {
        access(ts, write, objOrClass instanceof Class<?> ? target(site) : target(site) + "@" + id(objOrClass), site);
    }

    /** Checks of {@code a}'s elements {@code first, first + step, .. last} (all in bounds). */
    void elements(ThreadState ts, ArrayShadow a, int first, int last, int step, int site, boolean write) {
        String array = a.type().getTypeName() + "@" + id(a) + "[";
        for (long i = first; i <= last; i += step) {
            access(ts, write, array + i + "]", site);
        }
    }

    /** A check of {@code variable} at {@code site}. */
    void access(ThreadState ts, boolean write, String variable, int site) {
        write(ts, write ? "w" : "r", variable, location(site));
    }

    private String target(int site) {
        Site s = sites.site(site);
        return s != null ? s.target() : "site" + site;
    }

    private String location(int site) {
        Site s = sites.site(site);
        return s != null ? TraceReport.location(s) : "site" + site;
    }

    // ---------------------------------------------------------------- synchronisation

    void acquire(ThreadState ts, LockState lock) {
        write(ts, "acq", "m" + id(lock), "-");
    }

    void release(ThreadState ts, LockState lock) {
        write(ts, "rel", "m" + id(lock), "-");
    }

    void fork(ThreadState parent, ThreadState child) {
        write(parent, "fork", "T" + thread(child), "-");
    }

    void join(ThreadState ts, ThreadState joined) {
        write(ts, "join", "T" + thread(joined), "-");
    }

    /** A volatile read of {@code variable}: a volatile's or a channel's state, a class's initialisation, a barrier's generation. */
    void volatileRead(ThreadState ts, Object variable) {
        write(ts, "vr", name(variable), "-");
    }

    /** A volatile write of {@code variable} (as {@link #volatileRead}). */
    void volatileWrite(ThreadState ts, Object variable) {
        write(ts, "vw", name(variable), "-");
    }

    private String name(Object variable) {
        String kind = variable instanceof ClassInitState ? "c" : variable instanceof BarrierState.Generation ? "b" : "v";
        return kind + id(variable);
    }

    // ---------------------------------------------------------------- the file

    private synchronized void write(ThreadState ts, String op, String target, String loc) {
        if (stopped) {
            return;
        }
        try {
            out.write("T" + thread(ts) + "|" + op + "(" + target + ")|" + loc + "\n");
            events++;
        } catch (IOException e) {
            stop("DynamicBF: cannot write the trace " + file + " (" + e.getMessage() + "); recording stopped after "
                    + events + " events");
        }
    }

    /** Ends the recording (at exit): later events are not written. Says how many were on {@code err}, if not null. */
    synchronized void close(PrintStream err) {
        if (stopped) {
            return;
        }
        try {
            out.close();
            stopped = true;
            if (err != null) {
                err.println("DynamicBF: recorded " + events + " events in " + file);
            }
        } catch (IOException e) {
            stop("DynamicBF: cannot write the trace " + file + ": " + e.getMessage());
        }
    }

    private void stop(String message) {
        stopped = true;
        System.err.println(message);
        try {
            out.close();
        } catch (IOException ignored) {
            // already reported
        }
    }

    private int id(Object o) {
        return objects.entry(o, k -> nextObject.getAndIncrement()).value;
    }

    private int thread(ThreadState ts) {
        return threads.entry(ts, k -> nextThread.getAndIncrement()).value;
    }
}
