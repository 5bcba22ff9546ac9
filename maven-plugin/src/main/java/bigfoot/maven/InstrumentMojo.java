package bigfoot.maven;

import bigfoot.staticbf.StaticBF;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Rewrites the module's classes and test classes with StaticBF (as one program, so the analysis sees the tests'
 * calls into the code) into {@code target/bigfoot/classes} and {@code target/bigfoot/test-classes}, points the
 * build at them for the test phase (the {@code restore} goal points it back before packaging), and adds the
 * runtime agent to surefire's {@code argLine}. The original classes are never changed; a second run whose
 * inputs and options are unchanged rewrites nothing.
 */
@Mojo(name = "instrument", defaultPhase = LifecyclePhase.PROCESS_TEST_CLASSES,
        requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public final class InstrumentMojo extends BigFootMojo {

    static final String RUNTIME_ARTIFACT = "io.github.bigfootj:dynamic-bf";

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${plugin.artifactMap}", readonly = true, required = true)
    private Map<String, Artifact> pluginArtifacts;

    /** Check placement: bigfoot, redcard or fasttrack (staticbf --mode). */
    @Parameter(property = "bigfoot.mode", defaultValue = "bigfoot")
    private String mode;

    /** Field shadows: proxies or per-field (staticbf --fields). */
    @Parameter(property = "bigfoot.fields", defaultValue = "proxies")
    private String fields;

    /**
     * Accesses left unchecked: none, escape (those to an object not yet published) or dynamic-escape (also those to an
     * object still local to its thread at run time); staticbf --elide.
     */
    @Parameter(property = "bigfoot.elide", defaultValue = "none")
    private String elide;

    /**
     * Capsule classes (staticbf --capsules): none, all (every class whose own fields no other package touches, for a
     * discovery run), or a capsule list file, as a run with {@code findCapsules} writes it.
     */
    @Parameter(property = "bigfoot.capsules", defaultValue = "none")
    private String capsules;

    /**
     * Capsule discovery: with {@code capsules=all}, the test run merges the capsule classes that showed no capsule
     * violation into this file (dynamicbf --find-capsules) instead of reporting violations.
     */
    @Parameter(property = "bigfoot.findCapsules")
    private File findCapsules;

    /** Class files to rewrite, as paths under the classes directories ({@code com/acme/**}); all by default. */
    @Parameter
    private List<String> includes = new ArrayList<>();

    /** Class files never rewritten (they run unchecked), as paths under the classes directories. */
    @Parameter
    private List<String> excludes = new ArrayList<>();

    /** A suppressions file of races to accept (see the README: field / array / class / method / race rules). */
    @Parameter(property = "bigfoot.suppressions")
    private File suppressions;

    /** Reports besides the JSON one the check goal reads: sarif (for code-scanning views) and html. */
    @Parameter(property = "bigfoot.formats", defaultValue = "sarif,html")
    private List<String> formats = new ArrayList<>(List.of("sarif", "html"));


    @Override
    public void execute() throws MojoExecutionException {
        if (skipped()) {
            getLog().info("bigfoot: skipped");
            return;
        }
        Path classes = Path.of(project.getBuild().getOutputDirectory());
        Path testClasses = Path.of(project.getBuild().getTestOutputDirectory());
        if (!Files.isDirectory(classes) && !Files.isDirectory(testClasses)) {
            getLog().info("bigfoot: no classes to rewrite");
            return;
        }
        Layout layout = layout();
        try {
            ClassDirectories inputs = new ClassDirectories(classes, testClasses, new PathFilter(includes, excludes));
            String fingerprint = inputs.fingerprint() + "|" + mode + "|" + fields + "|" + elide + "|" + capsulesKey()
                    + "|" + runtimeJar();
            if (layout.upToDate(fingerprint)) {
                getLog().info("bigfoot: rewritten classes are up to date (" + layout.classes() + ")");
            } else {
                rewrite(inputs, layout);
                layout.recordFingerprint(fingerprint);
            }
            Files.createDirectories(layout.jsonReport().getParent());
            for (String format : List.of("json", "sarif", "html")) {
                Files.deleteIfExists(layout.report(format)); // a report left by an earlier run is not this one's
            }
        } catch (IOException e) {
            throw new MojoExecutionException("bigfoot: cannot rewrite " + classes + ": " + e.getMessage(), e);
        }
        RestoreMojo.remember(project);
        project.getBuild().setOutputDirectory(layout.classes().toString());
        project.getBuild().setTestOutputDirectory(layout.testClasses().toString());
        String argLine = ArgLine.withAgent(project.getProperties().getProperty("argLine"), runtimeJar(),
                agentOptions(layout));
        project.getProperties().setProperty("argLine", argLine);
        getLog().info("bigfoot: tests run on " + layout.classes() + " and " + layout.testClasses()
                + " under the detector; races go to " + layout.jsonReport());
    }

    /** Quiet (the check goal logs the races), the JSON report, the other formats asked for, the suppressions. */
    private String agentOptions(Layout layout) throws MojoExecutionException {
        StringBuilder options = new StringBuilder("quiet,report=json:" + layout.jsonReport());
        for (String format : formats) {
            String f = format.trim();
            if (f.equals("sarif") || f.equals("html")) {
                options.append(",report=").append(f).append(':').append(layout.report(f));
            } else if (!f.isEmpty() && !f.equals("json")) {
                throw new MojoExecutionException("bigfoot: unknown report format '" + f + "' (json, sarif, html)");
            }
        }
        if (findCapsules != null) {
            options.append(",find-capsules=").append(findCapsules.getAbsolutePath());
        }
        if (suppressions != null) {
            if (!suppressions.isFile()) {
                throw new MojoExecutionException("bigfoot: suppressions file not found: " + suppressions);
            }
            options.append(",suppress=").append(suppressions.getAbsolutePath());
        }
        return options.toString();
    }

    /** The capsules option, with the content of a capsule list file: a rewrite is stale once the list changes. */
    private String capsulesKey() throws IOException {
        Path list = Path.of(capsules);
        return capsules.equals("none") || capsules.equals("all") || !Files.isRegularFile(list) ? capsules
                : capsules + "=" + Files.readString(list, StandardCharsets.UTF_8).hashCode();
    }

    private void rewrite(ClassDirectories inputs, Layout layout) throws IOException, MojoExecutionException {
        Path in = layout.work().resolve("program.jar");
        Path out = layout.work().resolve("program-checked.jar");
        Files.createDirectories(layout.work());
        Files.deleteIfExists(out);
        inputs.writeJar(in);
        List<String> args = new ArrayList<>(List.of("--in", in.toString(), "--out", out.toString(), "--mode", mode,
                "--fields", fields, "--elide", elide, "--capsules", capsules));
        String classpath = dependencyClasspath();
        if (!classpath.isEmpty()) {
            args.addAll(List.of("--classpath", classpath));
        }
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            status = StaticBF.run(args.toArray(String[]::new), o, e);
        }
        stderr.toString(StandardCharsets.UTF_8).lines().forEach(getLog()::warn);
        if (status != 0) {
            throw new MojoExecutionException("bigfoot: staticbf failed (status " + status + ")");
        }
        stdout.toString(StandardCharsets.UTF_8).lines().forEach(getLog()::info);
        inputs.extract(out, layout.classes(), layout.testClasses());
    }

    /** The test classpath without the module's own class directories: what the classes depend on. */
    private String dependencyClasspath() throws MojoExecutionException {
        List<String> elements = new ArrayList<>();
        try {
            for (String e : project.getTestClasspathElements()) {
                if (!e.equals(project.getBuild().getOutputDirectory()) && !e.equals(project.getBuild().getTestOutputDirectory())
                        && new File(e).exists()) {
                    elements.add(e);
                }
            }
        } catch (org.apache.maven.artifact.DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("bigfoot: the test classpath is not resolved: " + e.getMessage(), e);
        }
        return String.join(File.pathSeparator, elements);
    }

    private Path runtimeJar() throws MojoExecutionException {
        Artifact runtime = pluginArtifacts.get(RUNTIME_ARTIFACT);
        if (runtime == null || runtime.getFile() == null) {
            throw new MojoExecutionException("bigfoot: the runtime (" + RUNTIME_ARTIFACT + ") is not among the plugin's artifacts");
        }
        return runtime.getFile().toPath();
    }
}
