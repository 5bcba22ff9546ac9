package bigfoot.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code "summary"} object of a DynamicBF JSON report: the number of races, whether the verdict is
 * complete, the shadow operations the checks made, the array shadow states made (shadow memory), and in verify mode (a jar rewritten with
 * {@code --verify-placement}) the number of placement violations; and the first race reported, described in one line.
 */
record ReportSummary(int races, boolean complete, long checks, long arrayShadows, OptionalInt violations,
        Optional<String> firstRace) {

    private static final Pattern RACES = Pattern.compile("\"races\"\\s*:\\s*(\\d+)");
    private static final Pattern COMPLETE = Pattern.compile("\"complete\"\\s*:\\s*(true|false)");
    private static final Pattern CHECKS = Pattern.compile("\"checks\"\\s*:\\s*(\\d+)");
    private static final Pattern ARRAY_SHADOWS = Pattern.compile("\"arrayShadows\"\\s*:\\s*(\\d+)");
    private static final String STRING = "(\"(?:[^\"\\\\]|\\\\.)*\"|null)";
    // the first race's parts, found in the order JsonReport writes them (other keys may come between)
    private static final Pattern FIRST = Pattern.compile("\"races\":\\[\\s*\\{");
    private static final Pattern KIND = Pattern.compile("\"kind\":\"([^\"]*)\"");
    private static final Pattern TARGET = Pattern.compile("\"target\":\\{\"type\":\"(\\w+)\",\"class\":" + STRING
            + ",\"field\":" + STRING + ",\"index\":(\\d+|null)");
    private static final Pattern ACCESS = Pattern.compile("\"op\":\"(\\w+)\",\"site\":(null|\\{[^}]*\\})");
    private static final Pattern SITE_PARTS = Pattern.compile("\"class\":" + STRING + ",\"method\":" + STRING
            + ",\"file\":" + STRING + ",\"line\":(\\d+|null)");
    private static final Pattern VIOLATIONS = Pattern.compile("\"violations\"\\s*:\\s*(\\d+)");

    /** Reads the summary of the report at {@code report}; fails if the file or its summary is missing. */
    static ReportSummary read(Path report) throws IOException {
        String json;
        try {
            json = Files.readString(report);
        } catch (NoSuchFileException e) {
            throw new IOException("no report at " + report);
        }
        int at = json.lastIndexOf("\"summary\"");
        if (at < 0) {
            throw new IOException("no summary in " + report);
        }
        String summary = json.substring(at);
        Matcher races = RACES.matcher(summary);
        Matcher complete = COMPLETE.matcher(summary);
        if (!races.find() || !complete.find()) {
            throw new IOException("summary without races or complete in " + report);
        }
        Matcher violations = VIOLATIONS.matcher(summary);
        Matcher checks = CHECKS.matcher(summary);
        Matcher arrayShadows = ARRAY_SHADOWS.matcher(summary);
        return new ReportSummary(Integer.parseInt(races.group(1)), Boolean.parseBoolean(complete.group(1)),
                checks.find() ? Long.parseLong(checks.group(1)) : 0,
                arrayShadows.find() ? Long.parseLong(arrayShadows.group(1)) : 0,
                violations.find() ? OptionalInt.of(Integer.parseInt(violations.group(1))) : OptionalInt.empty(),
                firstRace(json));
    }

    /** "kind race on type class.field: op at site / op at site" for the first race in the report, if any. */
    private static Optional<String> firstRace(String json) {
        Matcher first = FIRST.matcher(json);
        if (!first.find()) {
            return Optional.empty();
        }
        Matcher kind = KIND.matcher(json);
        Matcher target = TARGET.matcher(json);
        Matcher previous = ACCESS.matcher(json);
        Matcher current = ACCESS.matcher(json);
        if (!kind.find(first.end()) || !target.find(kind.end()) || !previous.find(target.end())
                || !current.find(previous.end())) {
            return Optional.empty();
        }
        String field = target.group(3).equals("null") ? "" : "." + unquote(target.group(3));
        String index = target.group(4).equals("null") ? "" : " index " + target.group(4);
        return Optional.of(kind.group(1) + " race on " + target.group(1) + " " + unquote(target.group(2)) + field + index
                + ": " + current.group(1) + " at " + site(current.group(2)) + " / " + previous.group(1) + " at "
                + site(previous.group(2)));
    }

    /** class.method(file:line) of a JSON site object, "?" for an unknown one. */
    private static String site(String json) {
        Matcher m = SITE_PARTS.matcher(json);
        if (!m.find()) {
            return "?";
        }
        return unquote(m.group(1)) + "." + unquote(m.group(2)) + "(" + unquote(m.group(3)) + ":" + m.group(4) + ")";
    }

    private static String unquote(String s) {
        return s.equals("null") ? "?" : s.substring(1, s.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
    }
}
