package bigfoot.z3;

/**
 * Counters of a {@link Z3Entailment}, as a snapshot.
 *
 * @param queries        questions asked
 * @param cacheHits      questions answered from the cache, without the solver
 * @param solverCalls    questions that reached a Z3 solver
 * @param unknownResults solver calls that hit a limit and were answered "not proved"
 * @param sessions       Z3 contexts opened: one per querying thread, and one {@link Z3Entailment#warmUp()} made
 *                       that no thread took
 */
public record EntailmentStats(long queries, long cacheHits, long solverCalls, long unknownResults, int sessions) {
}
