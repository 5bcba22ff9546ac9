package bigfoot.rt;

/** The run's totals: distinct races, checks executed, accesses covered, threads seen. */
record Summary(long races, long checks, long accesses, long threads) {
}
