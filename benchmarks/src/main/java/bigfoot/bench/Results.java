package bigfoot.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;

/**
 * The measurements of one harness run, as the paper's Table 3.1 and 3.2 analogues: per program the mean CPU
 * and median wall time of an iteration, uninstrumented and under each configuration, each configuration's overhead ((T - B) / B),
 * check ratio (shadow operations / FT's) and array shadow memory (KB), and a summary row (geometric mean of the
 * slowdowns T / B, which overheads near zero do not dominate; mean check ratio; total array shadow memory).
 * Overheads and slowdowns come from CPU time (user + system of all the child JVM's threads), which a shared, busy
 * machine disturbs less than wall time; from wall time for a program whose JVMs counted no CPU time. Rendered as
 * the text table the harness prints, as markdown and CSV, and as an SVG chart of the slowdowns.
 */
final class Results {

    /** One program's measurements: times for BASE and every checked configuration, summaries for the latter. */
    record Row(Kernel kernel, Map<Configuration, Samples.Times> times, Map<Configuration, ReportSummary> summaries) {

        /** Whether the overheads come from CPU time: every configuration's JVMs counted some. */
        boolean cpu() {
            return times.values().stream().allMatch(t -> t.cpuMs().isPresent() && t.cpuMs().getAsDouble() > 0);
        }

        /** The time the overheads come from: CPU time if {@link #cpu()}, else wall time. */
        double time(Configuration c) {
            return cpu() ? times.get(c).cpuMs().getAsDouble() : times.get(c).wallMs();
        }

        double overhead(Configuration c) {
            return (time(c) - time(Configuration.BASE)) / time(Configuration.BASE);
        }

        double slowdown(Configuration c) {
            return time(c) / time(Configuration.BASE);
        }

        /** The slowdown in wall time, shown next to {@link #slowdown} in the chart. */
        double wallSlowdown(Configuration c) {
            return times.get(c).wallMs() / times.get(Configuration.BASE).wallMs();
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
    /** BASE, then the checked configurations: the time columns. */
    private final List<Configuration> timed;
    private final List<Row> rows = new ArrayList<>();

    Results(List<Configuration> checked) {
        this.checked = List.copyOf(checked);
        List<Configuration> timed = new ArrayList<>(List.of(Configuration.BASE));
        timed.addAll(checked);
        this.timed = List.copyOf(timed);
    }

    void add(Row row) {
        rows.add(row);
    }

    String textHeader() {
        StringBuilder sb = new StringBuilder(f("%-10s %-9s %-6s", "kernel", "stress", "size"));
        timed.forEach(c -> sb.append(f(" %12s %12s", label(c) + " cpu ms", label(c) + " wall ms")));
        checked.forEach(c -> sb.append(f(" %12s", c.name() + " overhead")));
        checked.forEach(c -> sb.append(f(" %9s", c.name() + " ratio")));
        checked.forEach(c -> sb.append(f(" %11s", c.name() + " arr KB")));
        return sb.toString();
    }

    String textRow(Row r) {
        StringBuilder sb = new StringBuilder(f("%-10s %-9s %-6s", r.kernel().name(), r.kernel().stresses(),
                r.kernel().args().size().label()));
        timed.forEach(c -> sb.append(f(" %12s %12.1f", cpu(r, c, "%.1f", "-"), r.times().get(c).wallMs())));
        checked.forEach(c -> sb.append(f(" %12.2f", r.overhead(c))));
        checked.forEach(c -> sb.append(f(" %9.3f", r.ratio(c))));
        checked.forEach(c -> sb.append(f(" %11d", r.arrays(c))));
        return sb.toString();
    }

    /** The summary line: what the slowdowns come from, geometric-mean slowdown and mean check ratio per configuration. */
    String textSummary() {
        StringBuilder sb = new StringBuilder("summary (slowdowns from " + basis() + "):");
        checked.forEach(c -> sb.append(f(" %s geomean slowdown %.2f, mean ratio %.3f;", c.name(), geomeanSlowdown(c),
                meanRatio(c))));
        return sb.toString();
    }

    /** CPU time, naming the programs whose overheads come from wall time instead. */
    private String basis() {
        List<String> wall = rows.stream().filter(r -> !r.cpu()).map(r -> r.kernel().name()).toList();
        return "CPU time" + (wall.isEmpty() ? "" : "; from wall time for " + String.join(", ", wall) + ", whose JVMs counted no CPU time");
    }

    double geomeanSlowdown(Configuration c) {
        return Math.exp(rows.stream().mapToDouble(r -> Math.log(r.slowdown(c))).average().orElse(0));
    }

    double meanRatio(Configuration c) {
        return rows.stream().mapToDouble(r -> r.ratio(c)).average().orElse(0);
    }

    String markdown() {
        StringBuilder sb = new StringBuilder("| program | stresses | size |");
        timed.forEach(c -> sb.append(' ').append(label(c)).append(" cpu ms | ").append(label(c)).append(" wall ms |"));
        checked.forEach(c -> sb.append(' ').append(c.name()).append(" overhead |"));
        checked.forEach(c -> sb.append(' ').append(c.name()).append(" ratio |"));
        checked.forEach(c -> sb.append(' ').append(c.name()).append(" array KB |"));
        sb.append("\n|---|---|---|").append("---|".repeat(2 * timed.size() + 3 * checked.size())).append('\n');
        for (Row r : rows) {
            sb.append(f("| %s | %s | %s |", r.kernel().name(), r.kernel().stresses(), r.kernel().args().size().label()));
            timed.forEach(c -> sb.append(f(" %s | %.1f |", cpu(r, c, "%.1f", "-"), r.times().get(c).wallMs())));
            checked.forEach(c -> sb.append(f(" %.2f |", r.overhead(c))));
            checked.forEach(c -> sb.append(f(" %.3f |", r.ratio(c))));
            checked.forEach(c -> sb.append(f(" %d |", r.arrays(c))));
            sb.append('\n');
        }
        sb.append("| **geomean slowdown / mean ratio** | | |").append(" |".repeat(2 * timed.size()));
        checked.forEach(c -> sb.append(f(" **%.2fx** |", geomeanSlowdown(c))));
        checked.forEach(c -> sb.append(f(" **%.3f** |", meanRatio(c))));
        checked.forEach(c -> sb.append(f(" %d |", rows.stream().mapToLong(r -> r.arrays(c)).sum())));
        return sb.append("\n\nOverheads and slowdowns from ").append(basis()).append(".\n").toString();
    }

    /** The columns of earlier versions, with a {@code _cpu_ms} column after each {@code _ms} (wall) one. */
    String csv() {
        StringBuilder sb = new StringBuilder("program,stresses,size,base_ms,base_cpu_ms");
        for (Configuration c : checked) {
            String n = c.name().toLowerCase(Locale.ROOT);
            sb.append(',').append(n).append("_ms,").append(n).append("_cpu_ms,").append(n).append("_overhead,")
              .append(n).append("_ratio,").append(n).append("_array_kb");
        }
        sb.append('\n');
        for (Row r : rows) {
            sb.append(f("%s,%s,%s,%.3f,%s", r.kernel().name(), r.kernel().stresses(), r.kernel().args().size().label(),
                    r.times().get(Configuration.BASE).wallMs(), cpu(r, Configuration.BASE, "%.3f", "")));
            checked.forEach(c -> sb.append(f(",%.3f,%s,%.4f,%.4f,%d", r.times().get(c).wallMs(), cpu(r, c, "%.3f", ""),
                    r.overhead(c), r.ratio(c), r.arrays(c))));
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * Grouped bars of the slowdown T / B of each configuration per program, on a log scale from 1x, each with a
     * tick at its slowdown in wall time.
     */
    String svg() {
        int barWidth = 12;
        int groupWidth = barWidth * checked.size() + 16;
        int left = 50;
        int top = 30;
        int height = 240;
        int width = Math.max(420, left + groupWidth * Math.max(1, rows.size()) + 130);
        double max = Math.max(2, rows.stream().flatMap(r -> checked.stream().flatMap(c -> Stream.of(r.slowdown(c),
                r.wallSlowdown(c)))).mapToDouble(Double::doubleValue).max().orElse(2));
        DoubleUnaryOperator yOf = s -> top + height - Math.round(height * Math.log10(Math.max(1, s)) / Math.log10(max));
        String[] colors = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7"};
        StringBuilder sb = new StringBuilder(f("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"11\">\n", width, top + height + 60));
        sb.append(f("<text x=\"%d\" y=\"18\" font-size=\"13\">Slowdown (checked / uninstrumented) in %s, log scale; "
                + "ticks: in wall time</text>\n", left, basis()));
        for (double tick = 1; tick <= max * 1.0001; tick *= 10) {
            sb.append(f("<line x1=\"%d\" y1=\"%.0f\" x2=\"%d\" y2=\"%.0f\" stroke=\"#ddd\"/>", left, yOf.applyAsDouble(tick),
                    left + groupWidth * rows.size(), yOf.applyAsDouble(tick)));
            sb.append(f("<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%.0fx</text>\n", left - 4, yOf.applyAsDouble(tick) + 4,
                    tick));
        }
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            int x0 = left + i * groupWidth + 8;
            for (int j = 0; j < checked.size(); j++) {
                Configuration c = checked.get(j);
                int x = x0 + j * barWidth;
                double barTop = Math.min(yOf.applyAsDouble(r.slowdown(c)), top + height - 1);
                sb.append(f("<rect x=\"%d\" y=\"%.0f\" width=\"%d\" height=\"%.0f\" fill=\"%s\"><title>%s %s: %.2fx "
                        + "(wall time %.2fx)</title></rect>", x, barTop, barWidth - 1, top + height - barTop,
                        colors[j % colors.length], r.kernel().name(), c.name(), r.slowdown(c), r.wallSlowdown(c)));
                sb.append(f("<line x1=\"%d\" y1=\"%.0f\" x2=\"%d\" y2=\"%.0f\" stroke=\"#000\"/>", x,
                        yOf.applyAsDouble(r.wallSlowdown(c)), x + barWidth - 1, yOf.applyAsDouble(r.wallSlowdown(c))));
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

    /** "base" or the configuration's name, for the time columns. */
    private static String label(Configuration c) {
        return c == Configuration.BASE ? "base" : c.name();
    }

    /** The CPU time of {@code c} in {@code format}, or {@code missing} where it was not measured. */
    private static String cpu(Row r, Configuration c, String format, String missing) {
        OptionalDouble ms = r.times().get(c).cpuMs();
        return ms.isPresent() ? f(format, ms.getAsDouble()) : missing;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
