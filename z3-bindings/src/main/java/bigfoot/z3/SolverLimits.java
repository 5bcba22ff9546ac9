package bigfoot.z3;

import java.time.Duration;

/**
 * Per-query limits of the Z3 solver. A query that hits a limit is answered "not proved".
 *
 * @param timeoutMillis wall-clock limit per query in milliseconds, 0 for none
 * @param resourceLimit Z3's deterministic {@code rlimit} per query, 0 for none. Unlike the timeout it
 *                      does not depend on machine load, so it makes the analysis output reproducible.
 */
public record SolverLimits(int timeoutMillis, int resourceLimit) {

    /** One second per query and no resource limit: BigFoot's queries take well under a millisecond. */
    public static final SolverLimits DEFAULT = new SolverLimits(1000, 0);

    /** No limit at all: every query runs until Z3 decides it (linear integer arithmetic is decidable). */
    public static final SolverLimits NONE = new SolverLimits(0, 0);

    public SolverLimits {
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("the solver timeout must be 0 (none) or positive, got " + timeoutMillis);
        }
        if (resourceLimit < 0) {
            throw new IllegalArgumentException("the solver resource limit must be 0 (none) or positive, got "
                    + resourceLimit);
        }
    }

    /** A wall-clock limit only, rounded up to whole milliseconds. */
    public static SolverLimits timeout(Duration timeout) {
        long millis = timeout.plusNanos(999_999).toMillis();
        if (millis < 1) {
            throw new IllegalArgumentException("the solver timeout must be positive, got " + timeout);
        }
        return new SolverLimits((int) Math.min(Integer.MAX_VALUE, millis), 0);
    }

    public SolverLimits withResourceLimit(int limit) {
        return new SolverLimits(timeoutMillis, limit);
    }
}
