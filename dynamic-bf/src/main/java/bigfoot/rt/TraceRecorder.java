package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.rt.trace.StdTrace;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code dynamicbf --record FILE}: the run's events ({@link RunEvents}) written as a trace in STD format
 * ({@link StdTrace}), so that {@code dynamicbf --analyze FILE --tool NAME} can run any detector over the same run.
 *
 * <p>A variable is named {@code pkg.Class.field@N} (the field of object N), {@code pkg.Class.field} (a static field) or
 * {@code int[]@N[i]} (element i of array N), an access's location is its site
 * ({@code pkg.Class.m(Foo.java:12)@bci7}); monitors are {@code mN}, volatiles and channels {@code vN}, class
 * initialisations {@code cN}, barrier generations {@code bN}. Threads are numbered in the order the trace first names
 * them (a reused tid is a new thread here). A thread's events are written in its program order and every
 * synchronisation event in the order the detector applies it, so the trace orders exactly what the run's
 * happens-before orders. A failure to write stops the recording with one line on stderr; the program runs on.
 */
final class TraceRecorder extends RunEvents {

    private final Path file;
    private final Writer out;
    /** Phantom: a finalizer's accesses name its object as the rest of the run does. */
    private final PhantomIdentityMap<Integer> objects = new PhantomIdentityMap<>();
    private final WeakIdentityMap<Integer> threads = new WeakIdentityMap<>();
    private final AtomicInteger nextObject = new AtomicInteger();
    private final AtomicInteger nextThread = new AtomicInteger();
    private boolean stopped;
    private long events;

    private TraceRecorder(Path file, Sites sites, Writer out) {
        super(sites);
        this.file = file;
        this.out = out;
    }

    /** A recorder writing to {@code file} (made or truncated now; gzip-compressed if named {@code .gz}). */
    static TraceRecorder open(Path file, Sites sites) throws IOException {
        return new TraceRecorder(file, sites, StdTrace.create(file));
    }

    @Override
    void access(ThreadState ts, Object holder, String member, int index, int site, boolean write) {
        String variable = index >= 0 ? member + "@" + id(holder) + "[" + index + "]"
                : holder == null ? member : member + "@" + id(holder);
        Site s = site(site);
        write(ts, write ? "w" : "r", variable, s != null ? TraceReport.location(s) : "site" + site);
    }

    @Override
    void acquire(ThreadState ts, LockState lock) {
        write(ts, "acq", "m" + id(lock), "-");
    }

    @Override
    void release(ThreadState ts, LockState lock) {
        write(ts, "rel", "m" + id(lock), "-");
    }

    @Override
    void fork(ThreadState parent, ThreadState child) {
        write(parent, "fork", "T" + thread(child), "-");
    }

    @Override
    void join(ThreadState ts, ThreadState joined) {
        write(ts, "join", "T" + thread(joined), "-");
    }

    @Override
    void volatileRead(ThreadState ts, Object variable) {
        write(ts, "vr", name(variable), "-");
    }

    @Override
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
        return objects.valueOf(o, k -> nextObject.getAndIncrement());
    }

    private int thread(ThreadState ts) {
        return threads.entry(ts, k -> nextThread.getAndIncrement()).value;
    }
}
