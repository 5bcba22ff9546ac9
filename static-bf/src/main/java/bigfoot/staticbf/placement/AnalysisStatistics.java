package bigfoot.staticbf.placement;

/**
 * What an analysing placement cost: the whole-program part (WALA's class hierarchy, the call targets, kill sets and
 * mod sets; of it, the call targets' and kill sets' own seconds) and the per-method analyses, with the methods that could not
 * be analysed (they keep fasttrack's checks) and those whose results a cache kept from an earlier run (reused), and the
 * entailment questions put to Z3 (all of them, the reused methods' included, and those not solved in this run);
 * {@code keptOnly} if every result was a kept one, read without building WALA's class hierarchy; {@code resolvedAgain}
 * the number of methods whose calls were resolved again over the call graph an earlier run kept (0 if it was not used).
 */
public record AnalysisStatistics(double programSeconds, int methods, int failed, int reused, double methodSeconds,
        long z3Queries, long z3CacheHits, double killSetSeconds, boolean keptOnly, int resolvedAgain) {

    /** These statistics with the Z3 counters. */
    public AnalysisStatistics withZ3(long queries, long cacheHits) {
        return new AnalysisStatistics(programSeconds, methods, failed, reused, methodSeconds, queries, cacheHits,
                killSetSeconds, keptOnly, resolvedAgain);
    }

    /** Seconds per analysed method, the whole-program part included (the paper's "StaticBF s/method"). */
    public double secondsPerMethod() {
        return methods == 0 ? 0 : (programSeconds + methodSeconds) / methods;
    }
}
