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
 * {@code --verify-placement}) the number of placement violations; and the first race reported, described in one line.
 */
record ReportSummary(int races, boolean complete, long checks, long arrayShadowBytes, OptionalInt violations,
        Optional<String> firstRace) {

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
        List<?> all = root.get("races") instanceof List<?> l ? l : List.of();
        return new ReportSummary(races.intValue(), complete, number(summary, "checks"), number(summary, "arrayShadowBytes"),
                summary.get("violations") instanceof Long v ? OptionalInt.of(v.intValue()) : OptionalInt.empty(),
                all.isEmpty() ? Optional.empty() : Optional.of(describe((Map<?, ?>) all.get(0))));
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

    /** "op at class.method(file:line)", "?" for an unknown site. */
    private static String access(Map<?, ?> a) {
        String where = a.get("site") instanceof Map<?, ?> s
                ? s.get("class") + "." + s.get("method") + "(" + (s.get("file") == null ? "?" : s.get("file")) + ":"
                        + s.get("line") + ")"
                : "?";
        return a.get("op") + " at " + where;
    }
}
