package bigfoot.rt.report;

import bigfoot.ir.Site;

import java.util.List;

/**
 * The machine-readable exit report, written by hand (the runtime has no dependencies):
 * <pre>
 * {"races":[{"id":"3f2a9c0d11b7e845","kind":"write-write","occurrences":57,
 *   "target":{"type":"field","class":"demo.Counter","field":"count","index":null},
 *   "previous":{"thread":"worker-1","op":"write","site":{"class":..,"method":..,"file":..,"line":14}},
 *   "current":{...}}],
 *  "summary":{"races":1,"checks":2000,"threads":3,"complete":true,"arrayShadowBytes":0,"suppressed":0}}
 * </pre>
 * In verify mode there is also a top-level
 * {@code "violations":[{"kind":"uncovered-access","thread":..,"target":{..},"site":{..}}]} (kind also
 * {@code "illegitimate-check"}; target and site shaped as in races) and {@code "violations":N} in the summary.
 * An access whose thread was started by rewritten code also says where: {@code "started":"by \"main\" at ..."}; the
 * current access lists the callers of its check, innermost first: {@code "callers":["demo.Bank.main(Bank.java:40)"]},
 * and so does the previous access when the race occurred again.
 * With capsules there is also {@code "capsuleViolations":[{"class":..,"kind":"write-write",
 * "occurrences":1,"previous":{..},"current":{..}}]} (a race on the capsule's location, each side shaped as a race's
 * access: {@link CapsuleViolation}) and {@code "capsuleViolations":N} in the summary.
 * {@code occurrences} counts every time the race was seen, as the text report's header does. The id is stable from
 * run to run ({@link Race#id}); suppressed races are only counted. An unknown site is {@code null}; a site without a source file has {@code "file":null}, without line
 * numbers {@code "line":null}.
 */
public final class JsonReport {

    private JsonReport() {
    }

    /** @param violations the placement violations in verify mode, else null */
    public static String render(List<Race> races, List<CapsuleViolation> capsules,
            List<PlacementFinding> violations, Summary summary) {
        StringBuilder sb = new StringBuilder("{\"races\":[");
        for (int i = 0; i < races.size(); i++) {
            Race r = races.get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("{\"id\":").append(string(r.id()))
              .append(",\"kind\":").append(string(r.kind().id))
              .append(",\"occurrences\":").append(r.occurrences());
            sb.append(",\"target\":");
            target(sb, r.target());
            sb.append(",\"previous\":");
            access(sb, r.previous());
            sb.append(",\"current\":");
            access(sb, r.current());
            sb.append('}');
        }
        sb.append("],\n");
        if (!capsules.isEmpty()) {
            sb.append("\"capsuleViolations\":[");
            for (int i = 0; i < capsules.size(); i++) {
                CapsuleViolation c = capsules.get(i);
                sb.append(i == 0 ? "\n" : ",\n").append("{\"class\":").append(string(c.className()))
                  .append(",\"kind\":").append(string(c.kind().id))
                  .append(",\"occurrences\":").append(c.occurrences()).append(",\"previous\":");
                access(sb, c.previous());
                sb.append(",\"current\":");
                access(sb, c.current());
                sb.append('}');
            }
            sb.append("],\n");
        }
        if (violations != null) {
            sb.append("\"violations\":[");
            for (int i = 0; i < violations.size(); i++) {
                PlacementFinding v = violations.get(i);
                sb.append(i == 0 ? "\n" : ",\n").append("{\"kind\":").append(string(v.kind()))
                  .append(",\"thread\":").append(string(v.thread())).append(",\"target\":");
                target(sb, v.target());
                sb.append(",\"site\":");
                site(sb, v.site());
                sb.append('}');
            }
            sb.append("],\n");
        }
        sb.append("\"summary\":{\"races\":").append(summary.races())
          .append(",\"checks\":").append(summary.checks())
          .append(",\"threads\":").append(summary.threads())
          .append(",\"complete\":").append(summary.complete())
          .append(",\"arrayShadowBytes\":").append(summary.arrayShadowBytes())
          .append(",\"suppressed\":").append(summary.suppressed());
        if (!capsules.isEmpty()) {
            sb.append(",\"capsuleViolations\":").append(capsules.size());
        }
        if (violations != null) {
            sb.append(",\"violations\":").append(violations.size());
        }
        sb.append("}}\n");
        return sb.toString();
    }

    private static void access(StringBuilder sb, Race.Access a) {
        sb.append("{\"thread\":").append(string(a.thread())).append(",\"op\":").append(string(a.op().label()))
          .append(",\"site\":");
        site(sb, a.site());
        if (a.started() != null) {
            sb.append(",\"started\":").append(string(a.started()));
        }
        if (!a.callers().isEmpty()) {
            sb.append(",\"callers\":[");
            for (int i = 0; i < a.callers().size(); i++) {
                sb.append(i > 0 ? "," : "").append(string(a.callers().get(i)));
            }
            sb.append(']');
        }
        sb.append('}');
    }

    private static void target(StringBuilder sb, Target t) {
        sb.append("{\"type\":").append(string(t.type()))
          .append(",\"class\":").append(string(t.className()))
          .append(",\"field\":").append(string(t.field()))
          .append(",\"index\":").append(t.index() == null ? "null" : t.index().toString()).append('}');
    }

    private static void site(StringBuilder sb, Site s) {
        if (s == null) {
            sb.append("null");
        } else {
            sb.append("{\"class\":").append(string(s.className()))
              .append(",\"method\":").append(string(s.method()))
              .append(",\"file\":").append(string(s.sourceFile()))
              .append(",\"line\":").append(s.line() >= 0 ? Integer.toString(s.line()) : "null").append('}');
        }
    }

    /** A JSON string literal (or {@code null}): escapes quotes, backslashes, control characters and lone surrogates. */
    static String string(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\t': sb.append("\\t"); break;
                case '\b': sb.append("\\b"); break;
                case '\f': sb.append("\\f"); break;
                default:
                    if (c < 0x20 || c == '\u2028' || c == '\u2029' || isLoneSurrogate(s, i)) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.append('"').toString();
    }

    private static boolean isLoneSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        }
        return false;
    }
}
