package bigfoot.rt.report;

import java.util.List;

/**
 * The races as one self-contained HTML page (no script, no external resource): a summary, a table of races and one of
 * capsule violations, if any.
 */
public final class HtmlReport {

    private HtmlReport() {
    }

    public static String render(List<Race> races, List<CapsuleViolation> capsules, Summary summary) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>DynamicBF: ")
          .append(races.size()).append(races.size() == 1 ? " data race" : " data races").append("</title>\n<style>")
          .append("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}")
          .append("td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}")
          .append("code{font-size:90%}</style></head>\n<body>\n<h1>DynamicBF race report</h1>\n<p>")
          .append(summary.races()).append(summary.races() == 1 ? " race" : " races").append(", ")
          .append(summary.checks()).append(" checks, ")
          .append(summary.threads()).append(" threads");
        if (summary.suppressed() > 0) {
            sb.append(", ").append(summary.suppressed()).append(" suppressed");
        }
        if (!capsules.isEmpty()) {
            sb.append(", ").append(capsules.size()).append(" capsule violation(s)");
        }
        if (!summary.complete()) {
            sb.append(" (incomplete verdict: see the text report)");
        }
        sb.append(".</p>\n");
        if (!races.isEmpty()) {
            sb.append("<table>\n<tr><th>id</th><th>race</th><th>current access</th><th>previous access</th>")
              .append("<th>occurrences</th></tr>\n");
            for (Race r : races) {
                sb.append("<tr id=\"race-").append(r.id()).append("\"><td><code>").append(r.id()).append("</code></td><td>")
                  .append(escape(r.kind().id + " race on " + r.target().describe())).append("</td><td>")
                  .append(access(r.current())).append("</td><td>").append(access(r.previous())).append("</td><td>")
                  .append(r.occurrences()).append("</td></tr>\n");
            }
            sb.append("</table>\n");
        }
        if (!capsules.isEmpty()) {
            sb.append("<h2>Capsule violations</h2>\n<table>\n<tr><th>capsule</th><th>current activation</th>")
              .append("<th>previous activation</th><th>occurrences</th></tr>\n");
            for (CapsuleViolation c : capsules) {
                sb.append("<tr><td>").append(escape(c.className() + ": " + c.describeKind())).append("</td><td>")
                  .append(access(c.current())).append("</td><td>").append(access(c.previous())).append("</td><td>")
                  .append(c.occurrences()).append("</td></tr>\n");
            }
            sb.append("</table>\n");
        }
        sb.append("</body></html>\n");
        return sb.toString();
    }

    private static String access(Race.Access a) {
        String started = a.started() == null ? "" : "<br><small>" + escape("thread \"" + a.thread() + "\" was started "
                + a.started()) + "</small>";
        StringBuilder callers = new StringBuilder();
        a.callers().forEach(c -> callers.append("<br><small>called from <code>").append(escape(c)).append("</code></small>"));
        return escape(a.op().label() + " by thread \"" + a.thread() + "\"") + "<br><code>" + escape(a.where()) + "</code>"
                + callers + started;
    }

    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
