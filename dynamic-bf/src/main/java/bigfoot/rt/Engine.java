package bigfoot.rt;

import bigfoot.ir.CapsuleFile;
import bigfoot.ir.RuntimeApi;
import bigfoot.rt.report.CapsuleViolation;
import bigfoot.rt.report.PlacementFinding;
import bigfoot.rt.report.Race;
import bigfoot.rt.report.Summary;
import bigfoot.rt.report.Suppressions;
import bigfoot.rt.report.TextReport;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * One detector run: the FastTrack2 core, its registries and shadow maps, and the exit report. The
 * JVM-wide instance behind {@link RT} is made on first use (from agent options if an agent installed
 * them, else from system properties) and installs its exit hook itself, so a program that merely has
 * the runtime on its class path is still checked and reported.
 */
final class Engine {

    final Config config;
    final RaceCollector races;
    final FastTrack detector;
    final Threads threads;
    final Sites sites = new Sites();
    final Monitors monitors = new Monitors();
    final ArrayShadows arrays;
    final ArrayChecks arrayChecks;
    final ClassInits classInits = new ClassInits();
    final ForeignShadows foreign = new ForeignShadows(classInits);
    final Barriers barriers = new Barriers();
    final Channels channels = new Channels();
    /** The finalizer edge's channels ({@link RT#constructed}), which finalizers look up. */
    final PhantomIdentityMap<VarState> finalizers = new PhantomIdentityMap<>();
    final PlacementVerification verification = new PlacementVerification();
    final CapsuleRegistry capsules = new CapsuleRegistry();
    /** The run's events for {@code --record} or {@code --tool}, or null. */
    final RunEvents events;

    private static volatile Config agentConfig;

    private static final class Instance {
        static final Engine ENGINE = start(agentConfig != null ? agentConfig : Config.fromProperties(System.getProperties()));
    }

    Engine(Config config) {
        this.config = config;
        PreviousStacks previousStacks = new PreviousStacks(config.allStacks());
        this.races = new RaceCollector(previousStacks);
        this.events = config.tool() != null ? new LiveTool(config.tool(), sites) : recorder(config);
        this.detector = new FastTrack(races, previousStacks, events);
        this.threads = new Threads(detector);
        this.arrays = new ArrayShadows(config.adaptiveArrays());
        this.arrayChecks = new ArrayChecks(detector, config.adaptiveArrays());
    }

    /** A recorder of the trace {@code config} asks for, or null (none, or the file cannot be made: one line on stderr). */
    private TraceRecorder recorder(Config config) {
        if (config.record() == null) {
            return null;
        }
        try {
            return TraceRecorder.open(config.record(), sites);
        } catch (IOException | RuntimeException e) {
            System.err.println("DynamicBF: cannot write the trace " + config.record() + ": " + e.getMessage()
                    + "; not recording");
            return null;
        }
    }

    /** The JVM-wide engine. */
    static Engine instance() {
        return Instance.ENGINE;
    }

    /** Called by the agent before main: configure and start the JVM-wide engine now. */
    static void startAgent(Config config) {
        agentConfig = config;
        instance();
    }

    private static Engine start(Config config) {
        Engine engine = new Engine(config);
        ClockProfiles.warmUp();
        PreviousStacks.warmUp();
        LookupProfiles.warmUp(config.adaptiveArrays());
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(engine::exitReport, "DynamicBF-report"));
        } catch (IllegalStateException alreadyShuttingDown) {
            System.err.println("DynamicBF: first used during JVM shutdown; no report will be written");
        }
        return engine;
    }

    /** The distinct races so far, resolved to names and sites; not those on capsules' locations. */
    List<Race> races() {
        List<Race> out = new ArrayList<>();
        for (RaceCollector.Occurrence o : races.occurrences()) {
            if (capsuleOf(o) == null) {
                out.add(o.resolve(sites, threads));
            }
        }
        return out;
    }

    /** The distinct capsule violations so far: the races on capsules' locations. */
    List<CapsuleViolation> capsuleViolations() {
        List<CapsuleViolation> out = new ArrayList<>();
        for (RaceCollector.Occurrence o : races.occurrences()) {
            String capsule = capsuleOf(o);
            if (capsule != null) {
                out.add(CapsuleViolation.of(capsule, o.resolve(sites, threads)));
            }
        }
        return out;
    }

    private static String capsuleOf(RaceCollector.Occurrence o) {
        return o.var instanceof FieldVarState f ? f.capsule : null;
    }

    /** In verify mode, every thread's span ended and the distinct violations resolved; else null. */
    List<PlacementFinding> violations() {
        if (!verification.enabled()) {
            return null;
        }
        List<PlacementFinding> out = new ArrayList<>();
        for (PlacementViolation v : verification.finish()) {
            out.add(v.resolve(sites));
        }
        return out;
    }

    Summary summary(List<Race> found) {
        return summary(found, 0);
    }

    private Summary summary(List<Race> found, long suppressed) {
        long[] totals = threads.totals();
        boolean complete = !detector.isDisabled() && detector.skipped() == 0;
        return new Summary(found.size(), totals[0], totals[1], complete, arrays.allocated(), suppressed);
    }

    /** Writes the configured reports; returns the number of distinct findings (races and capsule violations). */
    int report(PrintStream err) {
        for (ThreadState s : threads.states()) {
            arrayChecks.commit(s);                  // pending array checks of every thread, before the verdict
            if (events instanceof LiveTool tool) {
                tool.flush(s);
            }
        }
        List<Race> all = events instanceof LiveTool tool ? tool.races() : races();
        Suppressions suppressions = suppressions(err);
        List<Race> found = all.stream().filter(r -> !suppressions.suppresses(r)).toList();
        Summary summary = summary(found, all.size() - found.size());
        List<PlacementFinding> violations = violations();
        List<CapsuleViolation> capsuleViolations = reportedCapsuleViolations(err);
        if (detector.isDisabled()) {
            err.println("== DynamicBF: detection was disabled by an internal error (" + detector.disabledBy()
                    + "); this report is incomplete");
        }
        if (detector.skipped() > 0) {
            err.println("== DynamicBF: " + detector.skipped()
                    + " events were skipped (the stack overflowed inside the detector); this report may be incomplete");
        }
        if (!config.quiet()) {
            if (events instanceof LiveTool tool) {
                err.println("== DynamicBF: the checks went to " + tool.tool().optionName() + " (" + tool.tool().description
                        + ")");
            }
            TextReport.write(found, capsuleViolations, violations, summary, err);
        }
        ReportFiles.write(config.reports(), found, capsuleViolations, violations, summary, err);
        return found.size() + capsuleViolations.size();
    }

    /**
     * The capsule violations to report; none with {@code --find-capsules}, which merges the run's capsule classes into
     * its file instead and says so in one line.
     */
    private List<CapsuleViolation> reportedCapsuleViolations(PrintStream err) {
        List<CapsuleViolation> all = capsuleViolations();
        if (config.findCapsules() == null) {
            return all;
        }
        try {
            CapsuleFile found = capsules.writeFound(config.findCapsules(), all);
            err.println("== DynamicBF: capsule discovery: " + all.stream().map(CapsuleViolation::className).distinct()
                    .count() + " capsule class(es) showed a violation in this run; " + config.findCapsules()
                    + " now names " + found.capsules().size() + " capsule class(es) and " + found.rejected().size()
                    + " rejected one(s)");
        } catch (IOException | RuntimeException e) {
            err.println("DynamicBF: cannot write the capsule list " + config.findCapsules() + ": " + e);
        }
        return List.of();
    }

    /**
     * The configured suppressions and the program's intended races; a file that cannot be read suppresses nothing,
     * with one line saying why.
     */
    private Suppressions suppressions(PrintStream err) {
        Suppressions intended = Suppressions.NONE;
        try {
            intended = Suppressions.onClassPath(ClassLoader.getSystemClassLoader(), RuntimeApi.INTENDED_RACES_RESOURCE);
        } catch (IOException | RuntimeException e) {
            err.println("DynamicBF: ignoring the intended races of the class path: " + e.getMessage());
        }
        if (config.suppressions() == null) {
            return intended;
        }
        try {
            return Suppressions.read(config.suppressions()).and(intended);
        } catch (IOException | RuntimeException e) {
            err.println("DynamicBF: ignoring the suppressions file " + config.suppressions() + ": " + e.getMessage());
            return intended;
        }
    }

    /** The shutdown hook: end the trace, report, then with fail-on-race end the JVM with status 66 if there were races or capsule violations. */
    private void exitReport() {
        if (events instanceof TraceRecorder recorder) {
            recorder.close(config.quiet() ? null : System.err);
        }
        int found = report(System.err);
        if (config.failOnRace() && found > 0) {
            System.err.flush();
            Runtime.getRuntime().halt(Config.RACE_EXIT_STATUS);
        }
    }
}
