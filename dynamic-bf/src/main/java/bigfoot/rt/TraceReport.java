package bigfoot.rt;

import bigfoot.ir.AccessOp;
import bigfoot.ir.Site;
import bigfoot.rt.report.Race;
import bigfoot.rt.report.RaceKind;
import bigfoot.rt.report.Target;
import bigfoot.rt.trace.TraceAnalysis;
import bigfoot.rt.trace.TraceEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The races an offline analysis found, as a run reports them ({@link Race}): one per kind and pair of locations, with
 * how often it occurred, so that {@code --analyze --report} writes the same JSON, SARIF and HTML as a run. Names that
 * {@link TraceRecorder} wrote are read back: a variable {@code pkg.Class.field@N}, {@code pkg.Class.field} or
 * {@code int[]@N[i]} is that field, static field or element, a location {@code pkg.Class.m(Foo.java:12)@bci7} that
 * site. Other traces' names are kept as they are: a variable is a field of an unknown class, a location an unknown
 * site.
 */
final class TraceReport {

    private static final Pattern ELEMENT = Pattern.compile("(.+\\[\\])@\\d+\\[(\\d+)\\]");
    private static final Pattern FIELD = Pattern.compile("(.+)\\.([^.@]+)(@\\d+)?");
    private static final Pattern SITE = Pattern.compile("(.+)\\.([^.(]+)\\((.+?)(?::(\\d+))?\\)@bci(\\d+)");
    private static final String UNKNOWN = "?";

    private TraceReport() {
    }

    /** The location of an access at {@code site}, as {@link TraceRecorder} writes it and {@link #site} reads it. */
    static String location(Site site) {
        return site + "@bci" + site.bci();
    }

    /** {@code races} grouped as a run's report counts them: by kind and both locations, in the order first found. */
    static List<List<TraceAnalysis.Race>> distinct(List<TraceAnalysis.Race> races) {
        Map<String, List<TraceAnalysis.Race>> distinct = new LinkedHashMap<>();
        for (TraceAnalysis.Race r : races) {
            String key = r.kind() + "|" + (r.previous() == null ? "" : r.previous().loc()) + "|" + r.current().loc();
            distinct.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        return new ArrayList<>(distinct.values());
    }

    /** One group of {@link #distinct} as a reported race: its first occurrence's, occurring as often as the group. */
    static Race race(List<TraceAnalysis.Race> same) {
        TraceAnalysis.Race r = same.get(0);
        RaceKind kind = kind(r);
        Target target = target(r.variable());
        return new Race(kind, target, access(r.previous(), kind.previous, target), access(r.current(), kind.current,
                target), same.size());
    }

    private static RaceKind kind(TraceAnalysis.Race r) {
        return RaceKind.of(r.kind(), r.previous() == null || r.previous().op() == TraceEvent.Op.WRITE,
                r.current().op() == TraceEvent.Op.WRITE);
    }

    static Target target(String variable) {
        Matcher m = ELEMENT.matcher(variable);
        if (m.matches()) {
            return new Target("array", m.group(1), null, Integer.valueOf(m.group(2)));
        }
        m = FIELD.matcher(variable);
        if (m.matches()) {
            return new Target(m.group(3) == null ? "static" : "field", m.group(1), m.group(2), null);
        }
        return new Target("field", UNKNOWN, variable, null);
    }

    private static Race.Access access(TraceEvent e, AccessOp op, Target target) {
        if (e == null) {
            return new Race.Access("unknown thread", op, null, -1);
        }
        return new Race.Access("T" + e.thread(), op, site(e.loc(), op, target), e.index());
    }

    /** The site a location names, or null (an unknown site: the report says which event). */
    static Site site(String loc, AccessOp op, Target target) {
        Matcher m = SITE.matcher(loc);
        if (!m.matches()) {
            return null;
        }
        String file = m.group(3);
        int line = -1;
        if (m.group(4) != null) {
            line = Integer.parseInt(m.group(4));
        } else {
            file = file.replaceFirst("@bci\\d+$", "");                   // Site.location without line numbers
        }
        return new Site(m.group(1), file.endsWith(".class") ? null : file, m.group(2), Integer.parseInt(m.group(5)),
                line, op, target.type().equals("array") ? Site.ARRAY : target.className() + "." + target.field());
    }
}
