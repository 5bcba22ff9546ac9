package bigfoot.rt;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Run options: the report files to write (JSON, SARIF 2.1.0, HTML; none by default), a suppressions file (null:
 * none), whether to exit with status {@value #RACE_EXIT_STATUS} when races were found, whether to suppress the
 * text report, whether array shadows are adaptive (footprints committed at synchronisation,
 * coarse/block/fine shadows) or fine (one shadow per element, checked at once; the default), where StaticBF
 * is for rewriting at load time the classes that were not rewritten ahead of time (null: none are), whether
 * every slow-path check keeps its callers, so that every race's previous access has them ({@link PreviousStacks};
 * by default only after the race was first seen), where to record the run's events as a trace (null: nowhere), and
 * which detector takes the run's checks (null: FastTrack2's rules; {@code --record} and another tool are exclusive).
 *
 * <p>Sources: agent options ({@code report=json:FILE,report=sarif:FILE,report=html:FILE,suppress=FILE,
 * fail-on-race,quiet,all-stacks,arrays=fine|adaptive,find-capsules=FILE,record=FILE,tool=NAME,load-time=CLASSPATH})
 * and system
 * properties ({@code bigfoot.report=json:FILE}, {@code bigfoot.suppress=FILE}, {@code bigfoot.failOnRace=true},
 * {@code bigfoot.quiet=true}, {@code bigfoot.allStacks=true}, {@code bigfoot.arrays=fine|adaptive},
 * {@code bigfoot.findCapsules=FILE}); agent options
 * win (a report option replaces the one of its format).
 */
record Config(List<ReportFile> reports, Path suppressions, boolean failOnRace, boolean quiet, boolean adaptiveArrays,
        String loadTime, boolean allStacks, Path findCapsules, Path record, TraceTool tool) {

    /** A report to write at exit: its format ({@code json}, {@code sarif} or {@code html}) and file. */
    record ReportFile(String format, Path file) {
        static final List<String> FORMATS = List.of("json", "sarif", "html");
    }

    /** The exit status forced (with Runtime.halt, after the report) by fail-on-race when races were found. */
    static final int RACE_EXIT_STATUS = 66;

    static final String REPORT_PROPERTY = "bigfoot.report";
    static final String SUPPRESS_PROPERTY = "bigfoot.suppress";
    static final String FAIL_PROPERTY = "bigfoot.failOnRace";
    static final String QUIET_PROPERTY = "bigfoot.quiet";
    static final String ARRAYS_PROPERTY = "bigfoot.arrays";
    static final String ALL_STACKS_PROPERTY = "bigfoot.allStacks";
    static final String FIND_CAPSULES_PROPERTY = "bigfoot.findCapsules";

    static final Config DEFAULT = new Config(List.of(), null, false, false, false);

    Config {
        reports = List.copyOf(reports);
    }

    /** Without load-time rewriting, previous accesses' callers on demand. */
    Config(List<ReportFile> reports, Path suppressions, boolean failOnRace, boolean quiet, boolean adaptiveArrays) {
        this(reports, suppressions, failOnRace, quiet, adaptiveArrays, null, false, null, null, null);
    }

    /** Options from system properties; a malformed value is ignored with one line on stderr. */
    static Config fromProperties(Properties p) {
        Config c = DEFAULT;
        String value = p.getProperty(REPORT_PROPERTY);
        if (value != null) {
            try {
                c = c.withReport(parseReport(value));
            } catch (IllegalArgumentException e) {
                System.err.println("DynamicBF: ignoring -D" + REPORT_PROPERTY + ": " + e.getMessage());
            }
        }
        value = p.getProperty(SUPPRESS_PROPERTY);
        if (value != null) {
            try {
                c = c.withSuppressions(parseFile(value));
            } catch (IllegalArgumentException e) {
                System.err.println("DynamicBF: ignoring -D" + SUPPRESS_PROPERTY + ": " + e.getMessage());
            }
        }
        Path findCapsules = null;
        value = p.getProperty(FIND_CAPSULES_PROPERTY);
        if (value != null) {
            try {
                findCapsules = parseFile(value);
            } catch (IllegalArgumentException e) {
                System.err.println("DynamicBF: ignoring -D" + FIND_CAPSULES_PROPERTY + ": " + e.getMessage());
            }
        }
        boolean adaptive = false;
        value = p.getProperty(ARRAYS_PROPERTY);
        if (value != null) {
            try {
                adaptive = parseArrays(value);
            } catch (IllegalArgumentException e) {
                System.err.println("DynamicBF: ignoring -D" + ARRAYS_PROPERTY + ": " + e.getMessage());
            }
        }
        return new Config(c.reports, c.suppressions, Boolean.parseBoolean(p.getProperty(FAIL_PROPERTY)),
                Boolean.parseBoolean(p.getProperty(QUIET_PROPERTY)), adaptive, null,
                Boolean.parseBoolean(p.getProperty(ALL_STACKS_PROPERTY)), findCapsules, null, null);
    }

    /** This config with {@code report} in place of any report of its format. */
    Config withReport(ReportFile report) {
        List<ReportFile> all = new ArrayList<>();
        reports.stream().filter(r -> !r.format().equals(report.format())).forEach(all::add);
        all.add(report);
        return new Config(all, suppressions, failOnRace, quiet, adaptiveArrays, loadTime, allStacks, findCapsules,
                record, tool);
    }

    Config withSuppressions(Path file) {
        return new Config(reports, file, failOnRace, quiet, adaptiveArrays, loadTime, allStacks, findCapsules,
                record, tool);
    }

    Config withFailOnRace() {
        return new Config(reports, suppressions, true, quiet, adaptiveArrays, loadTime, allStacks, findCapsules,
                record, tool);
    }

    Config withQuiet() {
        return new Config(reports, suppressions, failOnRace, true, adaptiveArrays, loadTime, allStacks, findCapsules,
                record, tool);
    }

    Config withArrays(boolean adaptive) {
        return new Config(reports, suppressions, failOnRace, quiet, adaptive, loadTime, allStacks, findCapsules,
                record, tool);
    }

    /** Rewriting at load time with StaticBF from {@code classpath}, or none (null). */
    Config withLoadTime(String classpath) {
        return new Config(reports, suppressions, failOnRace, quiet, adaptiveArrays, classpath, allStacks,
                findCapsules, record, tool);
    }

    /** Every race's previous access with its callers, at the cost of a stack walk on every slow-path check. */
    Config withAllStacks() {
        return new Config(reports, suppressions, failOnRace, quiet, adaptiveArrays, loadTime, true, findCapsules,
                record, tool);
    }

    /**
     * Capsule discovery ({@code --find-capsules FILE}): capsule violations are not reported; at exit the capsule
     * classes of the run without one are merged into FILE ({@link CapsuleRegistry#writeFound}).
     */
    Config withFindCapsules(Path file) {
        return new Config(reports, suppressions, failOnRace, quiet, adaptiveArrays, loadTime, allStacks, file,
                record, tool);
    }

    /** Recording the run's events as a trace in {@code file} ({@code --record FILE}: {@link TraceRecorder}). */
    Config withRecord(Path file) {
        return new Config(reports, suppressions, failOnRace, quiet, adaptiveArrays, loadTime, allStacks, findCapsules,
                file, tool);
    }

    /** Running {@code tool}'s detector on the run's checks instead of FastTrack2's rules (null or ft2: FastTrack2). */
    Config withTool(TraceTool tool) {
        return new Config(reports, suppressions, failOnRace, quiet, adaptiveArrays, loadTime, allStacks, findCapsules,
                record, tool == TraceTool.FT2 ? null : tool);
    }

    /** The file of the report of {@code format}, or null. */
    Path report(String format) {
        return reports.stream().filter(r -> r.format().equals(format)).map(ReportFile::file).findFirst().orElse(null);
    }

    /**
     * Checks, before the program runs, that every report can be written and the suppressions file read, so a typo
     * costs a one-line error instead of a run whose report is lost; IllegalArgumentException names the first problem.
     */
    void checkFiles() {
        for (ReportFile r : reports) {
            Path file = r.file().toAbsolutePath();
            Path dir = file.getParent();
            String what = "cannot write the " + r.format() + " report " + r.file() + ": ";
            if (dir == null || !Files.isDirectory(dir)) {
                throw new IllegalArgumentException(what + "directory " + dir + " does not exist");
            }
            if (Files.isDirectory(file)) {
                throw new IllegalArgumentException(what + "it is a directory");
            }
            if (Files.exists(file) ? !Files.isWritable(file) : !Files.isWritable(dir)) {
                throw new IllegalArgumentException(what + "permission denied");
            }
        }
        if (findCapsules != null) {
            Path dir = findCapsules.toAbsolutePath().getParent();
            if (dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir) || Files.isDirectory(findCapsules)) {
                throw new IllegalArgumentException("cannot write the capsule list " + findCapsules
                        + (Files.isDirectory(findCapsules) ? ": it is a directory" : ": its directory " + dir
                        + " does not exist or is not writable"));
            }
        }
        if (record != null && tool != null) {
            throw new IllegalArgumentException("record a run with FastTrack2 (no tool), then analyse the trace with "
                    + tool.optionName() + ": dynamicbf --analyze TRACE --tool " + tool.optionName());
        }
        if (record != null) {
            Path dir = record.toAbsolutePath().getParent();
            if (dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir) || Files.isDirectory(record)) {
                throw new IllegalArgumentException("cannot write the trace " + record
                        + (Files.isDirectory(record) ? ": it is a directory" : ": its directory " + dir
                        + " does not exist or is not writable"));
            }
        }
        if (suppressions != null && !(Files.isRegularFile(suppressions) && Files.isReadable(suppressions))) {
            throw new IllegalArgumentException("cannot read the suppressions file " + suppressions
                    + (Files.exists(suppressions) ? "" : ": no such file"));
        }
    }

    /** This config overridden by comma-separated agent options; IllegalArgumentException names a bad one. */
    Config withAgentOptions(String options) {
        Config c = this;
        if (options == null || options.isEmpty()) {
            return c;
        }
        for (String option : options.split(",", -1)) {
            if (option.startsWith("report=")) {
                c = c.withReport(parseReport(option.substring("report=".length())));
            } else if (option.startsWith("suppress=")) {
                c = c.withSuppressions(parseFile(option.substring("suppress=".length())));
            } else if (option.equals("fail-on-race")) {
                c = c.withFailOnRace();
            } else if (option.equals("quiet")) {
                c = c.withQuiet();
            } else if (option.equals("all-stacks")) {
                c = c.withAllStacks();
            } else if (option.startsWith("arrays=")) {
                c = c.withArrays(parseArrays(option.substring("arrays=".length())));
            } else if (option.startsWith("find-capsules=")) {
                c = c.withFindCapsules(parseFile(option.substring("find-capsules=".length())));
            } else if (option.startsWith("tool=")) {
                c = c.withTool(TraceTool.named(option.substring("tool=".length())));
            } else if (option.startsWith("record=")) {
                c = c.withRecord(parseFile(option.substring("record=".length())));
            } else if (option.startsWith("load-time=") && option.length() > "load-time=".length()) {
                c = c.withLoadTime(option.substring("load-time=".length()));
            } else {
                throw new IllegalArgumentException("unknown agent option '" + option
                        + "' (expected report=json|sarif|html:FILE, suppress=FILE, fail-on-race, quiet, all-stacks, "
                        + "arrays=fine|adaptive, find-capsules=FILE, record=FILE, tool=NAME, load-time=CLASSPATH)");
            }
        }
        return c;
    }

    /** The agent option string equivalent to this config. */
    String toAgentOptions() {
        List<String> options = new ArrayList<>();
        reports.forEach(r -> options.add("report=" + r.format() + ":" + r.file()));
        if (suppressions != null) {
            options.add("suppress=" + suppressions);
        }
        if (failOnRace) {
            options.add("fail-on-race");
        }
        if (quiet) {
            options.add("quiet");
        }
        if (allStacks) {
            options.add("all-stacks");
        }
        if (adaptiveArrays) {
            options.add("arrays=adaptive");
        }
        if (findCapsules != null) {
            options.add("find-capsules=" + findCapsules);
        }
        if (record != null) {
            options.add("record=" + record);
        }
        if (tool != null) {
            options.add("tool=" + tool.optionName());
        }
        if (loadTime != null) {
            options.add("load-time=" + loadTime);
        }
        return String.join(",", options);
    }

    /** {@code fine} -> false, {@code adaptive} -> true. */
    static boolean parseArrays(String value) {
        switch (value) {
            case "fine": return false;
            case "adaptive": return true;
            default: throw new IllegalArgumentException("arrays must be fine or adaptive, got '" + value + "'");
        }
    }

    /** {@code json:FILE}, {@code sarif:FILE} or {@code html:FILE}. */
    static ReportFile parseReport(String value) {
        int colon = value.indexOf(':');
        String format = colon < 0 ? value : value.substring(0, colon);
        if (colon < 0 || !ReportFile.FORMATS.contains(format) || colon == value.length() - 1) {
            throw new IllegalArgumentException("report must be json:FILE, sarif:FILE or html:FILE, got '" + value + "'");
        }
        return new ReportFile(format, parseFile(value.substring(colon + 1)));
    }

    /** A file name of an option (no ',': options are comma-separated). */
    static Path parseFile(String file) {
        if (file.isEmpty()) {
            throw new IllegalArgumentException("a file name is needed");
        }
        if (file.indexOf(',') >= 0) {
            throw new IllegalArgumentException("file name must not contain ',': " + file);
        }
        try {
            return Path.of(file);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("bad file name '" + file + "'");
        }
    }
}
