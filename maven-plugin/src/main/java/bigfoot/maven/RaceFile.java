package bigfoot.maven;

import bigfoot.ir.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The races of the runtime's JSON report, as the build log shows them, as the runtime's text report does: kind,
 * location and how often, then each access with its callers and where its thread was started; and the capsule
 * violations (a jar rewritten with capsules), each with both activations.
 */
record RaceFile(List<String> races, List<String> capsuleViolations, boolean complete, long suppressed) {

    static RaceFile read(Path report) throws IOException {
        Object root;
        try {
            root = Json.parse(Files.readString(report, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IOException("malformed race report " + report + ": " + e.getMessage());
        }
        Map<?, ?> top = (Map<?, ?>) root;
        List<String> races = new ArrayList<>();
        for (Object r : (List<?>) top.get("races")) {
            Map<?, ?> race = (Map<?, ?>) r;
            Object occurrences = race.get("occurrences");
            races.add("[" + race.get("id") + "] " + race.get("kind") + " race on " + target((Map<?, ?>) race.get("target"))
                    + (occurrences instanceof Long n && n > 1 ? " (" + n + " occurrences)" : "")
                    + "\n    current:  " + access((Map<?, ?>) race.get("current"))
                    + "\n    previous: " + access((Map<?, ?>) race.get("previous")));
        }
        List<String> capsules = new ArrayList<>();
        if (top.get("capsuleViolations") instanceof List<?> violations) {
            for (Object v : violations) {
                Map<?, ?> violation = (Map<?, ?>) v;
                Object occurrences = violation.get("occurrences");
                capsules.add("capsule violation of " + violation.get("class") + ": " + violation.get("kind")
                        + (occurrences instanceof Long n && n > 1 ? " (" + n + " occurrences)" : "")
                        + "\n    current:  " + access((Map<?, ?>) violation.get("current"))
                        + "\n    previous: " + access((Map<?, ?>) violation.get("previous")));
            }
        }
        Map<?, ?> summary = (Map<?, ?>) top.get("summary");
        Object suppressed = summary.get("suppressed");
        return new RaceFile(races, capsules, Boolean.TRUE.equals(summary.get("complete")),
                suppressed instanceof Long n ? n : 0);
    }

    private static String target(Map<?, ?> t) {
        if ("array".equals(t.get("type"))) {
            return "array " + t.get("class") + " index " + t.get("index");
        }
        return ("static".equals(t.get("type")) ? "static field " : "field ") + t.get("class") + "." + t.get("field");
    }

    private static String access(Map<?, ?> a) {
        Map<?, ?> site = (Map<?, ?>) a.get("site");
        String where = site == null ? "?" : site.get("class") + "." + site.get("method") + "(" + site.get("file")
                + (site.get("line") != null ? ":" + site.get("line") : "") + ")";
        StringBuilder lines = new StringBuilder(a.get("op") + " by thread \"" + a.get("thread") + "\" at " + where);
        if (a.get("callers") instanceof List<?> callers) {
            callers.forEach(c -> lines.append("\n              called from ").append(c));
        }
        if (a.get("started") != null) {
            lines.append("\n              thread \"").append(a.get("thread")).append("\" was started ").append(a.get("started"));
        }
        return lines.toString();
    }
}
