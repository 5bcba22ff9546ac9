package bigfoot.rt.report;

import static bigfoot.rt.report.JsonReport.string;

import bigfoot.ir.Site;
import java.util.List;

/**
 * The races as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), for code-scanning views:
 * one result per race, of rule {@code data-race}, located at the current access's source line, the previous
 * access as a related location, the race id as a partial fingerprint (so a race keeps its identity from one
 * run to the next); and one result per capsule violation, of rule {@code capsule-violation}, located at its current
 * access, the previous one related. Source files are named relative to a source root ({@code SRCROOT}): the class's
 * package directory and its SourceFile attribute.
 */
public final class SarifReport {

    static final String RULE = "data-race";
    static final String CAPSULE_RULE = "capsule-violation";

    private SarifReport() {
    }

    public static String render(List<Race> races, List<CapsuleViolation> capsules) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{")
          .append("\"tool\":{\"driver\":{\"name\":\"DynamicBF\",\"informationUri\":\"https://github.com/bigfootj/bigfoot\",")
          .append("\"rules\":[{\"id\":\"").append(RULE).append("\",\"name\":\"DataRace\",")
          .append("\"shortDescription\":{\"text\":\"Data race\"},")
          .append("\"fullDescription\":{\"text\":\"Two accesses to one location by different threads, at least one a write, ")
          .append("not ordered by happens-before.\"},\"defaultConfiguration\":{\"level\":\"error\"}},")
          .append("{\"id\":\"").append(CAPSULE_RULE).append("\",\"name\":\"CapsuleViolation\",")
          .append("\"shortDescription\":{\"text\":\"Capsule violation\"},")
          .append("\"fullDescription\":{\"text\":\"Two accesses to the fields of one capsule object, at least one a write, ")
          .append("not ordered by happens-before: its fields may race, or the class is no capsule.\"},")
          .append("\"defaultConfiguration\":{\"level\":\"error\"}}]}},")
          .append("\"results\":[");
        for (int i = 0; i < races.size(); i++) {
            result(sb.append(i == 0 ? "\n" : ",\n"), races.get(i));
        }
        for (int i = 0; i < capsules.size(); i++) {
            result(sb.append(i == 0 && races.isEmpty() ? "\n" : ",\n"), capsules.get(i));
        }
        sb.append("]}]}\n");
        return sb.toString();
    }

    private static void result(StringBuilder sb, Race r) {
        Race.Access cur = r.current();
        Race.Access prev = r.previous();
        String message = r.kind().id + " race on " + r.target().describe() + ": " + describe(cur) + "; previous "
                + describe(prev);
        sb.append("{\"ruleId\":\"").append(RULE).append("\",\"ruleIndex\":0,\"level\":\"error\",\"message\":{\"text\":")
          .append(string(message)).append('}');
        if (cur.site() != null) {
            sb.append(",\"locations\":[");
            location(sb, cur.site(), null, -1);
            sb.append(']');
        }
        if (prev.site() != null) {
            sb.append(",\"relatedLocations\":[");
            location(sb, prev.site(), "previous " + describe(prev), 1);
            sb.append(']');
        }
        sb.append(",\"partialFingerprints\":{\"bigfootRaceId/v1\":").append(string(r.id())).append('}')
          .append(",\"properties\":{\"occurrences\":").append(r.occurrences()).append("}}");
    }

    private static void result(StringBuilder sb, CapsuleViolation c) {
        String message = "capsule violation of " + c.className() + " (" + c.describeKind() + "): " + describe(c.current())
                + "; previous " + describe(c.previous());
        sb.append("{\"ruleId\":\"").append(CAPSULE_RULE).append("\",\"ruleIndex\":1,\"level\":\"error\",\"message\":{\"text\":")
          .append(string(message)).append('}');
        if (c.current().site() != null) {
            sb.append(",\"locations\":[");
            location(sb, c.current().site(), null, -1);
            sb.append(']');
        }
        if (c.previous().site() != null) {
            sb.append(",\"relatedLocations\":[");
            location(sb, c.previous().site(), "previous " + describe(c.previous()), 1);
            sb.append(']');
        }
        sb.append(",\"partialFingerprints\":{\"bigfootCapsuleId/v1\":").append(string(c.id())).append('}')
          .append(",\"properties\":{\"occurrences\":").append(c.occurrences()).append("}}");
    }

    private static String describe(Race.Access a) {
        return a.op().label() + " by thread \"" + a.thread() + "\" at " + a.where();
    }

    private static void location(StringBuilder sb, Site s, String message, int id) {
        sb.append('{');
        if (id >= 0) {
            sb.append("\"id\":").append(id).append(',');
        }
        if (message != null) {
            sb.append("\"message\":{\"text\":").append(string(message)).append("},");
        }
        if (s.sourceFile() != null) {
            int dot = s.className().lastIndexOf('.');
            String dir = dot < 0 ? "" : s.className().substring(0, dot).replace('.', '/') + "/";
            sb.append("\"physicalLocation\":{\"artifactLocation\":{\"uri\":").append(string(dir + s.sourceFile()))
              .append(",\"uriBaseId\":\"SRCROOT\"}");
            if (s.line() > 0) {
                sb.append(",\"region\":{\"startLine\":").append(s.line()).append('}');
            }
            sb.append("},");
        }
        sb.append("\"logicalLocations\":[{\"fullyQualifiedName\":").append(string(s.className() + "." + s.method()))
          .append(",\"kind\":\"function\"}]}");
    }
}
