package bigfoot.maven;

import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;

/** What the goals share: where the plugin keeps its files, and when the tests (hence the goals) are skipped. */
abstract class BigFootMojo extends AbstractMojo {

    /** Where the rewritten classes and the race reports go. */
    @Parameter(property = "bigfoot.directory", defaultValue = "${project.build.directory}/bigfoot")
    private File directory;

    /** Skips the plugin (tests then run unchecked); it is skipped when tests are, too. */
    @Parameter(property = "bigfoot.skip", defaultValue = "false")
    private boolean skip;

    @Parameter(property = "skipTests", defaultValue = "false")
    private boolean skipTests;

    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean skipTestCompilation;

    Layout layout() {
        return new Layout(directory.toPath());
    }

    boolean skipped() {
        return skip || skipTests || skipTestCompilation;
    }
}
