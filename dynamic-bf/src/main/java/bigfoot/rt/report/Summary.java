package bigfoot.rt.report;

/**
 * The run's totals: distinct races reported, checks executed (one per location a check covered), threads seen, whether the
 * verdict is complete (false if detection was disabled by an internal error or some events were skipped),
 * the array shadow memory made, in bytes (words and states), and the distinct
 * races a suppressions file hid.
 */
public record Summary(long races, long checks, long threads, boolean complete, long arrayShadowBytes,
        long suppressed) {
}
