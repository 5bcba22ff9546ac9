package bigfoot.maven;

import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Points the build back at the original class directories after the tests, so that packaging, and modules that
 * depend on this one, get the classes as compiled.
 */
@Mojo(name = "restore", defaultPhase = LifecyclePhase.PREPARE_PACKAGE, threadSafe = true)
public final class RestoreMojo extends AbstractMojo {

    private static final String CLASSES = "bigfoot.originalOutputDirectory";
    private static final String TEST_CLASSES = "bigfoot.originalTestOutputDirectory";

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** Remembers the original directories before {@link InstrumentMojo} redirects the build (once). */
    static void remember(MavenProject project) {
        project.getProperties().putIfAbsent(CLASSES, project.getBuild().getOutputDirectory());
        project.getProperties().putIfAbsent(TEST_CLASSES, project.getBuild().getTestOutputDirectory());
    }

    @Override
    public void execute() {
        String classes = project.getProperties().getProperty(CLASSES);
        String testClasses = project.getProperties().getProperty(TEST_CLASSES);
        if (classes != null) {
            project.getBuild().setOutputDirectory(classes);
            project.getBuild().setTestOutputDirectory(testClasses);
            getLog().info("bigfoot: build output back to " + classes);
        }
    }
}
