package bigfoot.z3;

import com.microsoft.z3.Status;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Z3-backed {@link Entailment}. Safe to share between worker threads: each thread that asks a
 * question gets its own Z3 context and solver (created on its first question, kept until
 * {@link #close()}), and all threads share one result cache keyed on the normalised question.
 *
 * <p>Undecided queries: a query that hits the per-query {@link SolverLimits} (Z3 answers "unknown") is
 * answered {@code false}, "not proved". That is the safe answer for BigFoot check placement: a proof
 * is what lets it drop a check (H ⊢ p✓), defer one (H•A ⊢ p◇), coalesce ranges, or keep a fact in a
 * meet or a loop invariant; where a rule needs a non-entailment (Checks: H' ⊬ p◁) "not proved" adds a
 * check for an access that did happen. So a weaker answer only ever keeps more checks, never misses a race.
 * Such answers are cached like any other, so a question gets one answer for the life of the instance.
 *
 * <p>{@link #warmUp()} makes one context ahead of the first question, on a thread of its own: the first context of a
 * JVM unpacks and loads Z3's native library (about 0.2 s), under a lock every other thread's first context waits for.
 *
 * <p>{@link #close()} frees every thread's Z3 context; call it once all workers have finished.
 */
public final class Z3Entailment implements Entailment, AutoCloseable {
    private final SolverLimits limits;
    private final Map<Query, Boolean> cache = new ConcurrentHashMap<>();
    private final ThreadLocal<SolverSession> threadSession = new ThreadLocal<>();
    /** Every context opened and not yet freed; its lock orders opening one with {@link #close()}. */
    private final Queue<SolverSession> sessions = new ConcurrentLinkedQueue<>();
    /** Contexts {@link #warmUp()} made that no thread has taken yet. */
    private final Queue<SolverSession> spare = new ConcurrentLinkedQueue<>();
    private final AtomicInteger sessionsOpened = new AtomicInteger();
    private final AtomicLong queries = new AtomicLong();
    private final AtomicLong cacheHits = new AtomicLong();
    private final AtomicLong solverCalls = new AtomicLong();
    private final AtomicLong unknownResults = new AtomicLong();
    private volatile boolean closed;

    public Z3Entailment() {
        this(SolverLimits.DEFAULT);
    }

    public Z3Entailment(SolverLimits limits) {
        if (limits == null) {
            throw new NullPointerException("solver limits must not be null");
        }
        this.limits = limits;
    }

    @Override
    public boolean entails(List<Fact> assumptions, Fact goal) {
        return answer(new Query.Entails(assumptions, goal));
    }

    @Override
    public boolean coversRange(List<Fact> history, List<StridedRange> covered, StridedRange wanted) {
        return answer(new Query.Covers(history, covered, wanted));
    }

    @Override
    public boolean rangeUnionEquals(List<Fact> history, List<StridedRange> parts, StridedRange whole) {
        return answer(new Query.UnionEquals(history, parts, whole));
    }

    private boolean answer(Query query) {
        if (closed) {
            throw new IllegalStateException("this Z3Entailment is closed");
        }
        queries.incrementAndGet();
        Boolean cached = cache.get(query);
        if (cached != null) {
            cacheHits.incrementAndGet();
            return cached;
        }
        // Two threads may solve the same new query at once; both get the same answer, so no lock is needed.
        boolean proved = solve(query);
        cache.putIfAbsent(query, proved);
        return proved;
    }

    private boolean solve(Query query) {
        solverCalls.incrementAndGet();
        Status status = session().refute(query);
        if (status == Status.UNKNOWN) {
            unknownResults.incrementAndGet();
        }
        return status == Status.UNSATISFIABLE;
    }

    private SolverSession session() {
        SolverSession session = threadSession.get();
        if (session == null) {
            session = spare.poll();
            if (session == null && (session = open()) == null) {
                throw new IllegalStateException("this Z3Entailment is closed");
            }
            threadSession.set(session);
        }
        return session;
    }

    /** A new context, freed by {@link #close()} (at once if this instance is already closed, and then null). */
    private SolverSession open() {
        SolverSession session = new SolverSession(limits);
        synchronized (sessions) {
            if (closed) {
                session.close();
                return null;
            }
            sessions.add(session);
        }
        sessionsOpened.incrementAndGet();
        return session;
    }

    /**
     * Starts making a context on a daemon thread, for the first thread that asks a question to take, so that Z3's
     * native library loads while the caller does other work. A context that cannot be made is left to that first
     * question, which meets the same error.
     */
    public void warmUp() {
        Thread maker = new Thread(() -> {
            try {
                SolverSession session = open();
                if (session != null) {
                    spare.add(session);
                }
            } catch (RuntimeException | LinkageError e) {
                // the first question opens its own context and reports what went wrong
            }
        }, "z3-warm-up");
        maker.setDaemon(true);
        maker.start();
    }

    public EntailmentStats stats() {
        return new EntailmentStats(queries.get(), cacheHits.get(), solverCalls.get(), unknownResults.get(),
                sessionsOpened.get());
    }

    /** Frees every thread's Z3 context; later questions throw {@link IllegalStateException}. Idempotent. */
    @Override
    public void close() {
        synchronized (sessions) {
            closed = true;
            SolverSession session;
            while ((session = sessions.poll()) != null) {
                session.close();
            }
            spare.clear();
        }
    }
}
