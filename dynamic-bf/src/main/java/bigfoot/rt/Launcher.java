package bigfoot.rt;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * {@code java -jar dynamic-bf.jar [--report json:FILE] [--fail-on-race] [--quiet] [--arrays fine|adaptive] [JVM options]
 * -cp CP Main args...} (or {@code -jar app.jar args...}): runs the program in a child JVM (the same java binary) with
 * this jar as its agent and the JVM options given, inherits the standard streams and exits with the child's status
 * (66 from fail-on-race when races were found). A bad command line prints one line and exits with status 2. Ending
 * the launcher (Ctrl-C, {@code kill}) ends the child the same way, which writes its report, and waits for it: no
 * child outlives the launcher.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        if (TraceCommand.isAnalysis(args)) {
            System.exit(analyze(args, System.out, System.err));
            return;
        }
        LaunchRequest request;
        try {
            request = LaunchRequest.parse(args);
        } catch (LaunchRequest.UsageException e) {
            System.err.println("dynamicbf: " + e.getMessage() + " (try --help)");
            System.exit(2);
            return;
        }
        if (request.action() == LaunchRequest.Action.JIT_OPTIONS) {
            JitOptions.jvmOptions().forEach(System.out::println);
            return;
        }
        if (request.action() == LaunchRequest.Action.HELP) {
            System.out.println(LaunchRequest.USAGE);
            System.out.println("Runs MainClass (rewritten by staticbf) under the DynamicBF race detector and reports races at exit.");
            System.out.println("  --report json:FILE  also write the report as JSON to FILE");
            System.out.println("  --fail-on-race      exit with status " + Config.RACE_EXIT_STATUS + " if any race was found");
            System.out.println("  --quiet             no text report on stderr");
            System.out.println("  --all-stacks        every race's previous access with its callers (a stack walk per slow-path check)");
            System.out.println("  --arrays MODE       array shadows: fine (default, per element) or adaptive (footprints, coarse/blocks)");
            System.out.println("  --record TRACE      also write the run's events to TRACE, a trace in STD format, for --analyze");
            System.out.println("  --tool NAME         the detector the run's checks go to: ft2 (default, the runtime's own) or one of the");
            System.out.println("                      offline tools below, fed as the run goes (one lock; for comparing tools)");
            System.out.println("  --find-capsules FILE  capsule discovery (for a jar rewritten with staticbf --capsules): merge the");
            System.out.println("                      capsule classes that showed no capsule violation into FILE, instead of reporting");
            System.out.println("                      violations; then rewrite with staticbf --capsules FILE");
            System.out.println("  JVM options (-Xmx1g, -D..., -XX:..., -ea, --add-opens M/P=ALL-UNNAMED, -javaagent:...) go to the program's JVM;");
            System.out.println("  -jar app.jar runs a jar's Main-Class, as java does");
            System.out.println("java -jar dynamic-bf.jar --jit-options prints the JVM options the launcher gives the program's JVM");
            System.out.println("  (they keep the vector clocks' joins and copies out of the program's compiled code): give them to a JVM");
            System.out.println("  started with -javaagent:dynamic-bf.jar by hand");
            System.out.println(TraceCommand.USAGE);
            System.out.println("Analyses a recorded trace (RAPID's STD format: T<n>|op(target)|loc, ops r w acq rel fork join, and vr vw for"
                    + " volatiles) offline, writing the reports a run writes:");
            for (TraceTool t : TraceTool.values()) {
                System.out.println("  --tool " + t.optionName() + ": " + t.description);
            }
            return;
        }
        Path jar = ownJar();
        if (jar == null) {
            System.err.println("dynamicbf: cannot locate the dynamic-bf jar; run the launcher with java -jar dynamic-bf.jar");
            System.exit(2);
            return;
        }
        try {
            Process child = new ProcessBuilder(request.childCommand(javaBinary(), jar)).inheritIO().start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> endWithLauncher(child), "dynamicbf-child"));
            System.exit(child.waitFor());
        } catch (java.io.IOException e) {
            System.err.println("dynamicbf: cannot start " + javaBinary() + ": " + e.getMessage());
            System.exit(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(130);
        }
    }

    /**
     * When the launcher is ended by a signal: SIGTERM to the child (its shutdown hooks write the report), a grace period,
     * then a kill. A child that already ended (the normal exit) is left alone.
     */
    private static void endWithLauncher(Process child) {
        if (!child.isAlive()) {
            return;
        }
        child.destroy();
        try {
            if (!child.waitFor(CHILD_GRACE_SECONDS, java.util.concurrent.TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        } catch (InterruptedException e) {
            child.destroyForcibly();
        }
    }

    /** How long an ended launcher waits for its child to write its report and exit. */
    private static final long CHILD_GRACE_SECONDS = 30;

    /** The java binary running this launcher. */
    static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * {@code --analyze TRACE [--tool NAME] [--report FORMAT:FILE]... [--fail-on-race]}, in this JVM: the offline
     * analysis's exit status (2 for a bad command line, with one line on {@code err}).
     */
    public static int analyze(String[] args, PrintStream out, PrintStream err) {
        try {
            return TraceCommand.run(TraceCommand.parse(args), out, err);
        } catch (LaunchRequest.UsageException e) {
            err.println("dynamicbf: " + e.getMessage() + " (try --help)");
            return 2;
        }
    }

    /** The jar this class was loaded from, or null if it was not loaded from a jar file. */
    private static Path ownJar() {
        CodeSource source = Launcher.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            return null;
        }
        try {
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p) ? p : null;
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
