package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.rt.report.PlacementFinding;

/**
 * One violation of precise checks found by {@link PlacementVerifier}: an access without a covering check
 * (site: the access) or a check legitimate for no access (site: the check), by {@code thread} on the
 * location whose shadow is {@code location}. Either is a check-placement bug of StaticBF.
 */
record PlacementViolation(Kind kind, String thread, VarState location, int siteId) {

    enum Kind {
        UNCOVERED_ACCESS("uncovered-access"),
        ILLEGITIMATE_CHECK("illegitimate-check");

        final String id;

        Kind(String id) {
            this.id = id;
        }
    }

    /** The violation with its site and target resolved, for the reports. */
    PlacementFinding resolve(Sites sites) {
        Site site = sites.site(siteId);
        return new PlacementFinding(kind.id, thread, location.target(site), site, siteId);
    }
}
