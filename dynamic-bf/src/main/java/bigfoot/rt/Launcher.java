package bigfoot.rt;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * {@code java -jar dynamic-bf.jar [--report json:FILE] [--fail-on-race] [--quiet] [--arrays fine|adaptive] -cp CP Main args...}:
 * runs the program in a child JVM (the same java binary) with this jar as its agent, inherits the
 * standard streams and exits with the child's status (66 from fail-on-race when races were found).
 * A bad command line prints one line and exits with status 2.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        LaunchRequest request;
        try {
            request = LaunchRequest.parse(args);
        } catch (LaunchRequest.UsageException e) {
            System.err.println("dynamicbf: " + e.getMessage() + " (try --help)");
            System.exit(2);
            return;
        }
        if (request.help()) {
            System.out.println(LaunchRequest.USAGE);
            System.out.println("Runs MainClass (rewritten by staticbf) under the DynamicBF race detector and reports races at exit.");
            System.out.println("  --report json:FILE  also write the report as JSON to FILE");
            System.out.println("  --fail-on-race      exit with status " + Config.RACE_EXIT_STATUS + " if any race was found");
            System.out.println("  --quiet             no text report on stderr");
            System.out.println("  --all-stacks        every race's previous access with its callers (a stack walk per slow-path check)");
            System.out.println("  --arrays MODE       array shadows: fine (default, per element) or adaptive (footprints, coarse/blocks)");
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
            System.exit(child.waitFor());
        } catch (java.io.IOException e) {
            System.err.println("dynamicbf: cannot start " + javaBinary() + ": " + e.getMessage());
            System.exit(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(130);
        }
    }

    /** The java binary running this launcher. */
    static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
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
