package bigfoot.z3;

import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;

/**
 * One Z3 context and one incremental solver, owned by a single thread (a Z3 context is not
 * thread-safe). Each query runs inside push/pop, so the solver is reused: that is ~50x faster than a
 * fresh solver per query.
 */
final class SolverSession implements AutoCloseable {
    private final com.microsoft.z3.Context ctx;
    private final Solver solver;
    private final Z3Translator translator;

    SolverSession(SolverLimits limits) {
        ctx = new com.microsoft.z3.Context();
        solver = ctx.mkSolver();
        Params params = ctx.mkParams();
        if (limits.timeoutMillis() > 0) {
            params.add("timeout", limits.timeoutMillis());
        }
        if (limits.resourceLimit() > 0) {
            params.add("rlimit", limits.resourceLimit());
        }
        solver.setParameters(params);
        translator = new Z3Translator(ctx);
    }

    /** UNSATISFIABLE means the query holds; SATISFIABLE that it does not; UNKNOWN that a limit was hit. */
    Status refute(Query query) {
        solver.push();
        try {
            query.history().forEach(fact -> solver.add(translator.fact(fact)));
            solver.add(query.counterexample(translator));
            return solver.check();
        } finally {
            solver.pop();
        }
    }

    @Override
    public void close() {
        ctx.close();
    }
}
