package bigfoot.staticbf.placement;

/**
 * What an analysing placement cost: the whole-program part (WALA's class hierarchy, call graph and kill sets)
 * and the per-method analyses, with the methods that could not be analysed (they keep fasttrack's checks).
 */
public record AnalysisStatistics(double programSeconds, int methods, int failed, double methodSeconds) {

    /** Seconds per analysed method, the whole-program part included (the paper's "StaticBF s/method"). */
    public double secondsPerMethod() {
        return methods == 0 ? 0 : (programSeconds + methodSeconds) / methods;
    }
}
