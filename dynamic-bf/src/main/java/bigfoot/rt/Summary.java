package bigfoot.rt;

/**
 * The run's totals: distinct races, checks executed, accesses covered, threads seen, and whether the
 * verdict is complete (false if detection was disabled by an internal error or some events were skipped).
 */
record Summary(long races, long checks, long accesses, long threads, boolean complete) {
}
