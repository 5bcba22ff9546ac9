package bigfoot.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Reports the races the test run found (from {@code target/bigfoot/races.json}) in the build log, each with both
 * accesses, and with {@code failOnRace} fails the build when there is one.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class CheckMojo extends BigFootMojo {

    /** Fail the build if the tests raced. */
    @Parameter(property = "bigfoot.failOnRace", defaultValue = "false")
    private boolean failOnRace;


    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        Layout layout = layout();
        Path report = layout.jsonReport();
        boolean skipped = skipped();
        if (skipped || !Files.isRegularFile(report)) {
            if (!skipped && Files.isDirectory(layout.classes())) {
                // rewritten this build, yet no report: the test JVM did not get the agent
                getLog().warn("bigfoot: no race report (" + report + ") although the classes were rewritten: did the "
                        + "tests run? If you configure surefire's <argLine>, include @{argLine} in it");
            } else {
                getLog().info("bigfoot: no race report (" + report + "): the tests did not run under the detector");
            }
            return;
        }
        RaceFile races;
        try {
            races = RaceFile.read(report);
        } catch (IOException e) {
            throw new MojoExecutionException("bigfoot: " + e.getMessage(), e);
        }
        if (!races.complete()) {
            getLog().warn("bigfoot: the detector's verdict is incomplete (see the test output)");
        }
        if (races.races().isEmpty() && races.capsuleViolations().isEmpty()) {
            getLog().info("bigfoot: no data race in the tests (" + report + ")" + suppressedNote(races));
            return;
        }
        String found = races.races().size() + (races.races().size() == 1 ? " data race" : " data races")
                + suppressedNote(races) + (races.capsuleViolations().isEmpty() ? ""
                : " and " + races.capsuleViolations().size() + " capsule violation(s)");
        for (String race : races.races()) {
            getLog().warn("bigfoot: " + race);
        }
        for (String violation : races.capsuleViolations()) {
            getLog().warn("bigfoot: " + violation);
        }
        if (failOnRace) {
            throw new MojoFailureException("bigfoot: " + found + " in the tests (" + report + ")");
        }
        getLog().warn("bigfoot: " + found + " in the tests (" + report + ")");
    }

    private static String suppressedNote(RaceFile races) {
        return races.suppressed() > 0 ? " (" + races.suppressed() + " more suppressed)" : "";
    }
}
