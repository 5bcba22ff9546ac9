package bigfoot.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The measurements of one harness run, as the paper's Table 3.1 and 3.2 analogues: per program the base time,
 * each configuration's median time, overhead ((T - B) / B), check ratio (shadow operations / FT's) and array
 * shadow memory (KB), and a summary row (geometric mean of the slowdowns T / B, which overheads near zero do
 * not dominate; mean check ratio; total array shadow memory). Rendered as the text table the harness prints, as
 * markdown and CSV, and as an SVG chart of the slowdowns.
 */
final class Results {

    /** One program's measurements; summaries exist for every checked configuration. */
    record Row(Kernel kernel, double base, Map<Configuration, Double> medians, Map<Configuration, ReportSummary> summaries) {

        double overhead(Configuration c) {
            return (medians.get(c) - base) / base;
        }

        double slowdown(Configuration c) {
            return medians.get(c) / base;
        }

        /** CHECK RATIO: shadow operations per heap access; FastTrack makes one per access. */
        double ratio(Configuration c) {
            return (double) summaries.get(c).checks() / Math.max(1, summaries.get(Configuration.FT).checks());
        }

        /** Array shadow memory made, in KB. */
        long arrays(Configuration c) {
            return summaries.get(c).arrayShadowBytes() / 1024;
        }
    }

    private final List<Configuration> checked;
    private final List<Row> rows = new ArrayList<>();

    Results(List<Configuration> checked) {
        this.checked = List.copyOf(checked);
    }

    void add(Row row) {
        rows.add(row);
    }

    String textHeader() {
        StringBuilder sb = new StringBuilder(f("%-10s %-9s %-6s %10s", "kernel", "stress", "size", "base ms"));
        checked.forEach(c -> sb.append(f(" %10s", c.name() + " ms")));
        checked.forEach(c -> sb.append(f(" %12s", c.name() + " overhead")));
        checked.forEach(c -> sb.append(f(" %9s", c.name() + " ratio")));
        checked.forEach(c -> sb.append(f(" %11s", c.name() + " arr KB")));
        return sb.toString();
    }

    String textRow(Row r) {
        StringBuilder sb = new StringBuilder(f("%-10s %-9s %-6s %10.1f", r.kernel().name(), r.kernel().stresses(),
                r.kernel().args().size().label(), r.base()));
        checked.forEach(c -> sb.append(f(" %10.1f", r.medians().get(c))));
        checked.forEach(c -> sb.append(f(" %12.2f", r.overhead(c))));
        checked.forEach(c -> sb.append(f(" %9.3f", r.ratio(c))));
        checked.forEach(c -> sb.append(f(" %11d", r.arrays(c))));
        return sb.toString();
    }

    /** The summary line: geometric-mean slowdown and mean check ratio per configuration. */
    String textSummary() {
        StringBuilder sb = new StringBuilder("summary:");
        checked.forEach(c -> sb.append(f(" %s geomean slowdown %.2f, mean ratio %.3f;", c.name(), geomeanSlowdown(c),
                meanRatio(c))));
        return sb.toString();
    }

    double geomeanSlowdown(Configuration c) {
        return Math.exp(rows.stream().mapToDouble(r -> Math.log(r.slowdown(c))).average().orElse(0));
    }

    double meanRatio(Configuration c) {
        return rows.stream().mapToDouble(r -> r.ratio(c)).average().orElse(0);
    }

    String markdown() {
        StringBuilder sb = new StringBuilder("| program | stresses | size | base ms |");
        checked.forEach(c -> sb.append(' ').append(c.name()).append(" overhead |"));
        checked.forEach(c -> sb.append(' ').append(c.name()).append(" ratio |"));
        checked.forEach(c -> sb.append(' ').append(c.name()).append(" array KB |"));
        sb.append("\n|---|---|---|---|").append("---|".repeat(3 * checked.size())).append('\n');
        for (Row r : rows) {
            sb.append(f("| %s | %s | %s | %.1f |", r.kernel().name(), r.kernel().stresses(),
                    r.kernel().args().size().label(), r.base()));
            checked.forEach(c -> sb.append(f(" %.2f |", r.overhead(c))));
            checked.forEach(c -> sb.append(f(" %.3f |", r.ratio(c))));
            checked.forEach(c -> sb.append(f(" %d |", r.arrays(c))));
            sb.append('\n');
        }
        sb.append("| **geomean slowdown / mean ratio** | | | |");
        checked.forEach(c -> sb.append(f(" **%.2fx** |", geomeanSlowdown(c))));
        checked.forEach(c -> sb.append(f(" **%.3f** |", meanRatio(c))));
        checked.forEach(c -> sb.append(f(" %d |", rows.stream().mapToLong(r -> r.arrays(c)).sum())));
        return sb.append('\n').toString();
    }

    String csv() {
        StringBuilder sb = new StringBuilder("program,stresses,size,base_ms");
        for (Configuration c : checked) {
            String n = c.name().toLowerCase(Locale.ROOT);
            sb.append(',').append(n).append("_ms,").append(n).append("_overhead,").append(n).append("_ratio,")
              .append(n).append("_array_kb");
        }
        sb.append('\n');
        for (Row r : rows) {
            sb.append(f("%s,%s,%s,%.3f", r.kernel().name(), r.kernel().stresses(), r.kernel().args().size().label(),
                    r.base()));
            checked.forEach(c -> sb.append(f(",%.3f,%.4f,%.4f,%d", r.medians().get(c), r.overhead(c), r.ratio(c),
                    r.arrays(c))));
            sb.append('\n');
        }
        return sb.toString();
    }

    /** Grouped bars of the slowdown T / B of each configuration per program, on a log scale from 1x. */
    String svg() {
        int barWidth = 12;
        int groupWidth = barWidth * checked.size() + 16;
        int left = 50;
        int top = 30;
        int height = 240;
        int width = Math.max(420, left + groupWidth * Math.max(1, rows.size()) + 130);
        double max = Math.max(2, rows.stream().flatMap(r -> checked.stream().map(r::slowdown))
                .mapToDouble(Double::doubleValue).max().orElse(2));
        double logMax = Math.log10(max);
        String[] colors = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7"};
        StringBuilder sb = new StringBuilder(f("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"11\">\n", width, top + height + 60));
        sb.append(f("<text x=\"%d\" y=\"18\" font-size=\"13\">Slowdown (checked / uninstrumented time), log scale</text>\n",
                left));
        for (double tick = 1; tick <= max * 1.0001; tick *= 10) {
            int y = top + height - (int) Math.round(height * Math.log10(tick) / logMax);
            sb.append(f("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>", left, y,
                    left + groupWidth * rows.size(), y));
            sb.append(f("<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%sx</text>\n", left - 4, y + 4, f("%.0f", tick)));
        }
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            int x0 = left + i * groupWidth + 8;
            for (int j = 0; j < checked.size(); j++) {
                double s = Math.max(1, r.slowdown(checked.get(j)));
                int h = (int) Math.round(height * Math.log10(s) / logMax);
                sb.append(f("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>%s %s: %.2fx</title></rect>",
                        x0 + j * barWidth, top + height - h, barWidth - 1, Math.max(h, 1), colors[j % colors.length],
                        r.kernel().name(), checked.get(j).name(), r.slowdown(checked.get(j))));
            }
            sb.append(f("\n<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x0 + barWidth * checked.size() / 2,
                    top + height + 16, r.kernel().name()));
        }
        for (int j = 0; j < checked.size(); j++) {
            int x = left + groupWidth * rows.size() + 20;
            int y = top + 14 * j;
            sb.append(f("<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s %.2fx</text>\n",
                    x, y, colors[j % colors.length], x + 14, y + 9, checked.get(j).name(), geomeanSlowdown(checked.get(j))));
        }
        return sb.append("</svg>\n").toString();
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
