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
 * <p>{@link #close()} frees every thread's Z3 context; call it once all workers have finished.
 */
public final class Z3Entailment implements Entailment, AutoCloseable {
    private final SolverLimits limits;
    private final Map<Query, Boolean> cache = new ConcurrentHashMap<>();
    private final ThreadLocal<SolverSession> threadSession = new ThreadLocal<>();
    private final Queue<SolverSession> sessions = new ConcurrentLinkedQueue<>();
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
            session = new SolverSession(limits);
            sessions.add(session);
            sessionsOpened.incrementAndGet();
            threadSession.set(session);
        }
        return session;
    }

    public EntailmentStats stats() {
        return new EntailmentStats(queries.get(), cacheHits.get(), solverCalls.get(), unknownResults.get(),
                sessionsOpened.get());
    }

    /** Frees every thread's Z3 context; later questions throw {@link IllegalStateException}. Idempotent. */
    @Override
    public void close() {
        closed = true;
        SolverSession session;
        while ((session = sessions.poll()) != null) {
            session.close();
        }
    }
}
