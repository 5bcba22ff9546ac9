package bigfoot.rt;

import bigfoot.rt.trace.StdTrace;
import bigfoot.rt.trace.TraceAnalysis;
import bigfoot.rt.trace.TraceEvent;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code dynamicbf --analyze TRACE [--tool NAME] [--report json|sarif|html:FILE]... [--fail-on-race]}: runs a detector
 * ({@link TraceTool}) over a trace in RAPID's STD format ({@link StdTrace}), prints each distinct race (kind, variable
 * and the two events' locations) once, with both events, and writes the reports a run writes ({@link TraceReport}).
 */
final class TraceCommand {

    static final String USAGE = "usage: java -jar dynamic-bf.jar --analyze TRACE.std [--tool "
            + String.join("|", Arrays.stream(TraceTool.values()).map(TraceTool::optionName).toList())
            + "] [--report json|sarif|html:FILE]... [--fail-on-race]";

    record Request(Path trace, TraceTool tool, List<Config.ReportFile> reports, boolean failOnRace) {
    }

    private TraceCommand() {
    }

    /**
     * True if the command line asks for an offline analysis: it starts with {@code --analyze} or {@code --tool} (so a
     * program's own {@code --analyze} argument, after its main class, is the program's).
     */
    static boolean isAnalysis(String[] args) {
        return args.length > 0 && (args[0].equals("--analyze") || args[0].equals("--tool"));
    }

    static Request parse(String[] args) throws LaunchRequest.UsageException {
        Path trace = null;
        TraceTool tool = TraceTool.FT2;
        Config reports = Config.DEFAULT;
        boolean failOnRace = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--analyze" -> trace = Path.of(value(args, ++i));
                case "--tool" -> {
                    try {
                        tool = TraceTool.named(value(args, ++i));
                    } catch (IllegalArgumentException e) {
                        throw new LaunchRequest.UsageException("--tool: " + e.getMessage());
                    }
                }
                case "--report" -> {
                    try {
                        reports = reports.withReport(Config.parseReport(value(args, ++i)));
                    } catch (IllegalArgumentException e) {
                        throw new LaunchRequest.UsageException("--report: " + e.getMessage());
                    }
                }
                case "--fail-on-race" -> failOnRace = true;
                default -> throw new LaunchRequest.UsageException("unknown option " + args[i] + " with --analyze");
            }
        }
        if (trace == null) {
            throw new LaunchRequest.UsageException("--tool needs --analyze TRACE");
        }
        return new Request(trace, tool, reports.reports(), failOnRace);
    }

    private static String value(String[] args, int i) throws LaunchRequest.UsageException {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new LaunchRequest.UsageException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    /**
     * Runs the request: prints each distinct race (as a run's report counts them: {@link TraceReport#distinct}) and
     * writes the report files; returns the exit status (1 if the trace cannot be read, with one line on {@code err}).
     */
    static int run(Request request, PrintStream out, PrintStream err) {
        List<TraceEvent> events;
        try (Reader in = Files.newBufferedReader(request.trace(), StandardCharsets.UTF_8)) {
            events = StdTrace.read(in);
        } catch (IOException e) {
            err.println("dynamicbf: cannot read " + request.trace() + ": " + e.getMessage());
            return 1;
        } catch (StdTrace.FormatException e) {
            err.println("dynamicbf: " + request.trace() + ": " + e.getMessage());
            return 1;
        }
        List<TraceAnalysis.Race> races = TraceAnalysis.run(events, request.tool().detector);
        List<List<TraceAnalysis.Race>> distinct = TraceReport.distinct(races);
        long variables = races.stream().map(TraceAnalysis.Race::variable).distinct().count();
        long threads = events.stream().mapToInt(TraceEvent::thread).distinct().count();
        out.println("dynamicbf: " + request.trace() + ": " + events.size() + " events, " + threads + " threads; "
                + request.tool().optionName() + ": " + distinct.size() + " race(s) on " + variables + " variable(s)");
        for (List<TraceAnalysis.Race> same : distinct) {
            TraceAnalysis.Race r = same.get(0);
            out.println(r.kind() + " race on " + r.variable() + ": "
                    + (r.previous() == null ? "(no single earlier access)" : describe(r.previous())) + " / "
                    + describe(r.current()) + (same.size() > 1 ? " (" + same.size() + " times)" : ""));
        }
        long accesses = events.stream().filter(e -> e.op().isAccess()).count();
        List<Race> found = distinct.stream().map(TraceReport::race).toList();
        ReportFiles.write(request.reports(), found, List.of(), null,
                new Summary(found.size(), accesses, accesses, threads, true, 0, 0), err);
        return request.failOnRace() && !races.isEmpty() ? Config.RACE_EXIT_STATUS : 0;
    }

    private static String describe(TraceEvent e) {
        return "T" + e.thread() + " " + e.op().stdName() + " at event " + e.index() + " (loc " + e.loc() + ")";
    }
}
