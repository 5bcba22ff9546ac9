package bigfoot.rt;

import bigfoot.rt.report.Race;
import bigfoot.rt.report.Summary;
import bigfoot.rt.report.Suppressions;
import bigfoot.rt.trace.StdTrace;
import bigfoot.rt.trace.TraceAnalysis;
import bigfoot.rt.trace.TraceEvent;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code dynamicbf --analyze TRACE [--tool NAME] [--report json|sarif|html:FILE]... [--suppress FILE] [--fail-on-race]}:
 * runs a detector ({@link TraceTool}) over a trace in RAPID's STD format ({@link StdTrace}), prints each distinct race
 * (kind, variable and the two events' locations) once, with both events, and writes the reports a run writes
 * ({@link TraceReport}).
 */
final class TraceCommand {

    static final String USAGE = "usage: java -jar dynamic-bf.jar --analyze TRACE.std [--tool "
            + String.join("|", Arrays.stream(TraceTool.values()).map(TraceTool::optionName).toList())
            + "] [--report json|sarif|html:FILE]... [--suppress FILE] [--fail-on-race]";

    /** {@code suppressions}: a suppressions file, or null. */
    record Request(Path trace, TraceTool tool, List<Config.ReportFile> reports, Path suppressions, boolean failOnRace) {
    }

    private TraceCommand() {
    }

    /**
     * True if the command line asks for an offline analysis: it starts with {@code --analyze}, or with
     * {@code --tool NAME --analyze} (a program's own {@code --analyze} argument, after its main class, is the
     * program's; {@code --tool NAME} before a program runs the program under that tool).
     */
    static boolean isAnalysis(String[] args) {
        int first = args.length > 1 && args[0].equals("--tool") ? 2 : 0;
        return args.length > first && args[first].equals("--analyze");
    }

    static Request parse(String[] args) throws LaunchRequest.UsageException {
        Path trace = null;
        TraceTool tool = TraceTool.FT2;
        Config options = Config.DEFAULT;
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
                        options = options.withReport(Config.parseReport(value(args, ++i)));
                    } catch (IllegalArgumentException e) {
                        throw new LaunchRequest.UsageException("--report: " + e.getMessage());
                    }
                }
                case "--suppress" -> {
                    try {
                        options = options.withSuppressions(Config.parseFile(value(args, ++i)));
                    } catch (IllegalArgumentException e) {
                        throw new LaunchRequest.UsageException("--suppress: " + e.getMessage());
                    }
                }
                case "--fail-on-race" -> failOnRace = true;
                default -> throw new LaunchRequest.UsageException("unknown option " + args[i] + " with --analyze");
            }
        }
        if (trace == null) {
            throw new LaunchRequest.UsageException("--tool needs --analyze TRACE");
        }
        return new Request(trace, tool, options.reports(), options.suppressions(), failOnRace);
    }

    private static String value(String[] args, int i) throws LaunchRequest.UsageException {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new LaunchRequest.UsageException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    /**
     * Runs the request: prints each distinct race (as a run's report counts them: {@link TraceReport#distinct}) but
     * those the suppressions file hides, and writes the report files; returns the exit status (1 if the trace or the
     * suppressions file cannot be read, with one line on {@code err}).
     */
    static int run(Request request, PrintStream out, PrintStream err) {
        Suppressions suppressions = Suppressions.NONE;
        if (request.suppressions() != null) {
            try {
                suppressions = Suppressions.read(request.suppressions());
            } catch (IOException | RuntimeException e) {
                err.println("dynamicbf: cannot read the suppressions file " + request.suppressions() + ": "
                        + e.getMessage());
                return 1;
            }
        }
        List<TraceEvent> events;
        try (Reader in = StdTrace.open(request.trace())) {
            events = StdTrace.read(in);
        } catch (IOException e) {
            err.println("dynamicbf: cannot read " + request.trace() + ": " + e.getMessage());
            return 1;
        } catch (StdTrace.FormatException e) {
            err.println("dynamicbf: " + request.trace() + ": " + e.getMessage());
            return 1;
        }
        List<List<TraceAnalysis.Race>> all = TraceReport.distinct(TraceAnalysis.run(events, request.tool().detector));
        List<List<TraceAnalysis.Race>> distinct = new ArrayList<>();
        List<Race> found = new ArrayList<>();
        for (List<TraceAnalysis.Race> same : all) {
            Race race = TraceReport.race(same);
            if (!suppressions.suppresses(race)) {
                distinct.add(same);
                found.add(race);
            }
        }
        long variables = distinct.stream().flatMap(List::stream).map(TraceAnalysis.Race::variable).distinct().count();
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
        ReportFiles.write(request.reports(), found, List.of(), null,
                new Summary(found.size(), accesses, threads, true, 0, all.size() - found.size()), err);
        return request.failOnRace() && !found.isEmpty() ? Config.RACE_EXIT_STATUS : 0;
    }

    private static String describe(TraceEvent e) {
        return "T" + e.thread() + " " + e.op().stdName() + " at event " + e.index() + " (loc " + e.loc() + ")";
    }
}
