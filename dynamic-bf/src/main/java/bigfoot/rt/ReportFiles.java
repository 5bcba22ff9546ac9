package bigfoot.rt;

import bigfoot.rt.report.CapsuleViolation;
import bigfoot.rt.report.HtmlReport;
import bigfoot.rt.report.JsonReport;
import bigfoot.rt.report.PlacementFinding;
import bigfoot.rt.report.Race;
import bigfoot.rt.report.SarifReport;
import bigfoot.rt.report.Summary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/** Writes the report files a run or an offline analysis asks for (JSON, SARIF, HTML), each in its own format. */
final class ReportFiles {

    private ReportFiles() {
    }

    /** A report that cannot be written costs one line on {@code err}; the others are still written. */
    static void write(List<Config.ReportFile> files, List<Race> found, List<CapsuleViolation> capsuleViolations,
            List<PlacementFinding> violations, Summary summary, PrintStream err) {
        for (Config.ReportFile r : files) {
            try {
                String text = switch (r.format()) {
                    case "sarif" -> SarifReport.render(found, capsuleViolations);
                    case "html" -> HtmlReport.render(found, capsuleViolations, summary);
                    default -> JsonReport.render(found, capsuleViolations, violations, summary);
                };
                Files.writeString(r.file(), text, StandardCharsets.UTF_8);
            } catch (IOException | RuntimeException e) {
                err.println("DynamicBF: cannot write report " + r.file() + ": " + e);
            }
        }
    }
}
