package bigfoot.rt.report;

import bigfoot.ir.Site;

/**
 * A violation of precise checks as reported (verify mode): its kind ({@code uncovered-access} or
 * {@code illegitimate-check}), the thread, the location and the site (null if its id is unknown): a check-placement
 * bug of StaticBF.
 */
public record PlacementFinding(String kind, String thread, Target target, Site site, int siteId) {

    /** {@code demo.Counter.run(Counter.java:14)}, or {@code unknown site #7}. */
    public String where() {
        return site != null ? site.toString() : "unknown site #" + siteId;
    }
}
