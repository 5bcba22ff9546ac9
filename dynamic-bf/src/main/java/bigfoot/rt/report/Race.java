package bigfoot.rt.report;

import bigfoot.ir.AccessOp;
import bigfoot.ir.Site;
import java.util.List;

/** One distinct race as reported: its kind, the variable, both accesses and how often it occurred. */
public record Race(RaceKind kind, Target target, Access previous, Access current, long occurrences) {

    /**
     * One side of a race: the thread, read or write, the site (null if the site id is unknown), where the thread
     * was started ({@code by "main" at demo.Bank.main(Bank.java:40)}; null if not by rewritten code), and the
     * callers of the check (for the previous access, those of the same thread's access at the same site in a later
     * occurrence of the race, if it occurred again).
     */
    public record Access(String thread, AccessOp op, Site site, int siteId, String started, List<String> callers) {

        public Access(String thread, AccessOp op, Site site, int siteId) {
            this(thread, op, site, siteId, null, List.of());
        }

        /** {@code demo.Counter.run(Counter.java:14)}, or {@code unknown site #7}. */
        public String where() {
            return site != null ? site.toString() : "unknown site #" + siteId;
        }
    }

    /**
     * A stable name of this race: the same pair of statements racing the same way in another run of the same
     * build gets the same id (a hash of the kind and of both sites' class, method and bytecode index).
     */
    public String id() {
        return stableId(kind.id + "|" + siteKey(previous) + "|" + siteKey(current));
    }

    /** A 64-bit FNV-1a hash of {@code key}, in hex. */
    public static String stableId(String key) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < key.length(); i++) {
            h = (h ^ key.charAt(i)) * 0x100000001b3L;
        }
        return String.format("%016x", h);
    }

    /** A site as stable ids name it: class, method and bytecode index. */
    public static String siteKey(Access a) {
        return a.site() == null ? "#" + a.siteId() : a.site().className() + "." + a.site().method() + "@" + a.site().bci();
    }
}
