package bigfoot.rt;

import bigfoot.ir.Site;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The first occurrence of one distinct capsule violation (per class, kind and pair of sites) and how often it
 * occurred: two activations of a capsule class's methods on one object that happens-before does not order. Not a
 * race: the class was wrongly taken for a capsule, or the program misuses it (an {@code ArrayList} shared without
 * synchronisation); its fields may or may not race.
 */
final class CapsuleViolation {

    enum Kind {
        /** The earlier activation was still inside the object. */
        CONCURRENT("concurrent activations"),
        /** The earlier activation's exit does not happen before the later one. */
        UNORDERED("unordered activations");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    final long order;
    final Kind kind;
    final String className;
    final long previous;
    final int previousSite;
    final long current;
    final int currentSite;
    final List<String> callers;
    private final LongAdder count = new LongAdder();

    CapsuleViolation(long order, Kind kind, String className, long previous, int previousSite, long current,
            int currentSite, List<String> callers) {
        this.order = order;
        this.kind = kind;
        this.className = className;
        this.previous = previous;
        this.previousSite = previousSite;
        this.current = current;
        this.currentSite = currentSite;
        this.callers = callers;
    }

    void occurred() {
        count.increment();
    }

    /** A violation as reported: the class, the kind, both activations (their first field accesses) and the count. */
    record Resolved(String className, Kind kind, Race.Access previous, Race.Access current, long occurrences) {

        /** A stable name, as {@link Race#id} is: the same class, kind and pair of sites in another run get the same id. */
        String id() {
            return Race.stableId("capsule|" + className + "|" + kind + "|" + Race.siteKey(previous) + "|"
                    + Race.siteKey(current));
        }
    }

    Resolved resolve(Sites sites, Threads threads) {
        return new Resolved(className, kind, access(previous, previousSite, List.of(), sites, threads),
                access(current, currentSite, callers, sites, threads), count.sum());
    }

    private static Race.Access access(long epoch, int siteId, List<String> callers, Sites sites, Threads threads) {
        Site site = sites.site(siteId);
        return new Race.Access(threads.nameOf(epoch), site == null ? bigfoot.ir.AccessOp.READ : site.op(), site, siteId,
                threads.startOf(epoch), callers);
    }
}
