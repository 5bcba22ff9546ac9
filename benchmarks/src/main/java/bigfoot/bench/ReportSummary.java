package bigfoot.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code "summary"} object of a DynamicBF JSON report: the number of races, whether the verdict is
 * complete, the shadow operations the checks made, the array shadow states made (shadow memory), and in verify mode (a jar rewritten with
 * {@code --verify-placement}) the number of placement violations.
 */
record ReportSummary(int races, boolean complete, long checks, long arrayShadows, OptionalInt violations) {

    private static final Pattern RACES = Pattern.compile("\"races\"\\s*:\\s*(\\d+)");
    private static final Pattern COMPLETE = Pattern.compile("\"complete\"\\s*:\\s*(true|false)");
    private static final Pattern CHECKS = Pattern.compile("\"checks\"\\s*:\\s*(\\d+)");
    private static final Pattern ARRAY_SHADOWS = Pattern.compile("\"arrayShadows\"\\s*:\\s*(\\d+)");
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
                violations.find() ? OptionalInt.of(Integer.parseInt(violations.group(1))) : OptionalInt.empty());
    }
}
