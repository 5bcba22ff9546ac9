package bigfoot.rt.report;

import java.io.PrintStream;
import java.util.List;

/**
 * The human-readable exit report:
 * <pre>
 * == DynamicBF: write-write race on field demo.Counter.count
 *    current:  write by thread "worker-2" at demo.Counter.run(Counter.java:14)
 *              called from demo.Counter.lambda$main$0(Counter.java:25)
 *              called from java.lang.Thread.run(Thread.java:833)
 *    previous: write by thread "worker-1" at demo.Counter.run(Counter.java:14)
 *              thread "worker-1" was started by "main" at demo.Counter.main(Counter.java:30)
 * == DynamicBF summary: 1 race, 2000 checks, 3 threads
 * </pre>
 * A race seen more than once says how often in its header: {@code ... count (57 occurrences)}. In verify
 * mode each violation of precise checks follows the races and the summary counts them:
 * <pre>
 * == DynamicBF: placement violation: uncovered-access of field demo.Counter.count
 *    by thread "worker-1" at demo.Counter.run(Counter.java:14)
 * == DynamicBF summary: 0 races, 2000 checks, 3 threads, 1 violation
 * </pre>
 * Capsule violations (jars rewritten with {@code staticbf --capsules}) follow the races, and the summary counts them:
 * <pre>
 * == DynamicBF: capsule violation of demo.Account: unordered write-write accesses
 *    current:  write by thread "worker-2" at demo.Account.deposit(Account.java:14)
 *    previous: write by thread "worker-1" at demo.Account.deposit(Account.java:14)
 * </pre>
 * Each side names the access whose check saw it ({@link CapsuleViolation}).
 */
public final class TextReport {

    private TextReport() {
    }

    /** @param violations the placement violations in verify mode, else null */
    public static void write(List<Race> races, List<CapsuleViolation> capsules,
            List<PlacementFinding> violations, Summary summary, PrintStream out) {
        StringBuilder sb = new StringBuilder();
        for (Race race : races) {
            sb.append("== DynamicBF: ").append(race.kind().id).append(" race on ").append(race.target().describe());
            if (race.occurrences() > 1) {
                sb.append(" (").append(race.occurrences()).append(" occurrences)");
            }
            sb.append('\n');
            access(sb, "current:  ", race.current());
            access(sb, "previous: ", race.previous());
        }
        for (CapsuleViolation c : capsules) {
            sb.append("== DynamicBF: capsule violation of ").append(c.className()).append(": ").append(c.describeKind());
            if (c.occurrences() > 1) {
                sb.append(" (").append(c.occurrences()).append(" occurrences)");
            }
            sb.append('\n');
            access(sb, "current:  ", c.current());
            access(sb, "previous: ", c.previous());
        }
        if (violations != null) {
            for (PlacementFinding v : violations) {
                sb.append("== DynamicBF: placement violation: ").append(v.kind()).append(" of ")
                  .append(v.target().describe()).append('\n')
                  .append("   by thread \"").append(v.thread()).append("\" at ").append(v.where()).append('\n');
            }
        }
        sb.append("== DynamicBF summary: ").append(plural(summary.races(), "race")).append(", ")
          .append(plural(summary.checks(), "check")).append(", ")
          .append(plural(summary.threads(), "thread"));
        if (summary.suppressed() > 0) {
            sb.append(", ").append(summary.suppressed()).append(" suppressed");
        }
        if (!capsules.isEmpty()) {
            sb.append(", ").append(plural(capsules.size(), "capsule violation"));
        }
        if (violations != null) {
            sb.append(", ").append(plural(violations.size(), "violation"));
        }
        sb.append('\n');
        out.print(sb);
        out.flush();
    }

    private static void access(StringBuilder sb, String label, Race.Access a) {
        sb.append("   ").append(label).append(a.op().label()).append(" by thread \"").append(a.thread())
          .append("\" at ").append(a.where()).append('\n');
        for (String caller : a.callers()) {
            sb.append("             called from ").append(caller).append('\n');
        }
        if (a.started() != null) {
            sb.append("             thread \"").append(a.thread()).append("\" was started ").append(a.started()).append('\n');
        }
    }

    private static String plural(long n, String noun) {
        return n + " " + (n == 1 ? noun : noun.endsWith("s") ? noun + "es" : noun + "s");
    }
}
