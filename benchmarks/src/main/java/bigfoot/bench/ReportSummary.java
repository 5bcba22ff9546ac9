package bigfoot.bench;

import bigfoot.ir.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The {@code "summary"} object of a DynamicBF JSON report: the number of races, whether the verdict is
 * complete, the shadow operations the checks made, the array shadow memory made (bytes), and in verify mode (a jar rewritten with
 * {@code --verify-placement}) the number of placement violations; the first race reported, described in one line;
 * and the number of capsule violations (a jar rewritten with {@code --capsules}) and the first one, in one line.
 */
record ReportSummary(int races, boolean complete, long checks, long arrayShadowBytes, OptionalInt violations,
        Optional<String> firstRace, long capsuleViolations, Optional<String> firstCapsuleViolation) {

    /** Reads the summary of the report at {@code report}; fails if the file, its summary or its verdict is missing. */
    static ReportSummary read(Path report) throws IOException {
        String json;
        try {
            json = Files.readString(report);
        } catch (NoSuchFileException e) {
            throw new IOException("no report at " + report);
        }
        Map<?, ?> root;
        try {
            root = (Map<?, ?>) Json.parse(json);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw new IOException("malformed report " + report + ": " + e.getMessage());
        }
        if (!(root.get("summary") instanceof Map<?, ?> summary) || !(summary.get("races") instanceof Long races)
                || !(summary.get("complete") instanceof Boolean complete)) {
            throw new IOException("no summary with races and complete in " + report);
        }
        return new ReportSummary(races.intValue(), complete, number(summary, "checks"), number(summary, "arrayShadowBytes"),
                summary.get("violations") instanceof Long v ? OptionalInt.of(v.intValue()) : OptionalInt.empty(),
                first(root, "races").map(ReportSummary::describe), number(summary, "capsuleViolations"),
                first(root, "capsuleViolations").map(ReportSummary::describeCapsuleViolation));
    }

    /** The first object of the list {@code key} of the report, if any. */
    private static Optional<Map<?, ?>> first(Map<?, ?> root, String key) {
        return root.get(key) instanceof List<?> l && !l.isEmpty() ? Optional.of((Map<?, ?>) l.get(0)) : Optional.empty();
    }

    private static long number(Map<?, ?> object, String key) {
        return object.get(key) instanceof Long n ? n : 0;
    }

    /** "kind race on type class.field[ index i]: op at site / op at site" (current access first). */
    private static String describe(Map<?, ?> race) {
        Map<?, ?> t = (Map<?, ?>) race.get("target");
        String field = t.get("field") == null ? "" : "." + t.get("field");
        String index = t.get("index") == null ? "" : " index " + t.get("index");
        return race.get("kind") + " race on " + t.get("type") + " " + t.get("class") + field + index + ": "
                + access((Map<?, ?>) race.get("current")) + " / " + access((Map<?, ?>) race.get("previous"));
    }

    /** "kind of class: op at site / op at site" (the later access first). */
    private static String describeCapsuleViolation(Map<?, ?> violation) {
        return violation.get("kind") + " of " + violation.get("class") + ": " + access((Map<?, ?>) violation.get("current"))
                + " / " + access((Map<?, ?>) violation.get("previous"));
    }

    /** "op at class.method(file:line)", "?" for an unknown site. */
    private static String access(Map<?, ?> a) {
        String where = a.get("site") instanceof Map<?, ?> s
                ? s.get("class") + "." + s.get("method") + "(" + (s.get("file") == null ? "?" : s.get("file")) + ":"
                        + s.get("line") + ")"
                : "?";
        return a.get("op") + " at " + where;
    }
}
