package bigfoot.rt;

import java.nio.file.Path;
import java.util.Properties;

/**
 * Run options: where to write the JSON report (null: none), whether to exit with status
 * {@value #RACE_EXIT_STATUS} when races were found, whether to suppress the text report, and whether array
 * shadows are adaptive (footprints committed at synchronisation, coarse/block/fine shadows) or fine (one
 * shadow per element, checked at once; the default).
 *
 * <p>Sources: agent options ({@code report=json:FILE,fail-on-race,quiet,arrays=fine|adaptive}) and system
 * properties ({@code bigfoot.report=json:FILE}, {@code bigfoot.failOnRace=true}, {@code bigfoot.quiet=true},
 * {@code bigfoot.arrays=fine|adaptive}); agent options win.
 */
record Config(Path jsonReport, boolean failOnRace, boolean quiet, boolean adaptiveArrays) {

    /** The exit status forced (with Runtime.halt, after the report) by fail-on-race when races were found. */
    static final int RACE_EXIT_STATUS = 66;

    static final String REPORT_PROPERTY = "bigfoot.report";
    static final String FAIL_PROPERTY = "bigfoot.failOnRace";
    static final String QUIET_PROPERTY = "bigfoot.quiet";
    static final String ARRAYS_PROPERTY = "bigfoot.arrays";

    static final Config DEFAULT = new Config(null, false, false, false);

    /** Options from system properties; a malformed report property is ignored with one line on stderr. */
    static Config fromProperties(Properties p) {
        Path report = null;
        String value = p.getProperty(REPORT_PROPERTY);
        if (value != null) {
            try {
                report = parseReport(value);
            } catch (IllegalArgumentException e) {
                System.err.println("DynamicBF: ignoring -D" + REPORT_PROPERTY + ": " + e.getMessage());
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
        return new Config(report, Boolean.parseBoolean(p.getProperty(FAIL_PROPERTY)),
                Boolean.parseBoolean(p.getProperty(QUIET_PROPERTY)), adaptive);
    }

    /** This config overridden by comma-separated agent options; IllegalArgumentException names a bad one. */
    Config withAgentOptions(String options) {
        Config c = this;
        if (options == null || options.isEmpty()) {
            return c;
        }
        for (String option : options.split(",", -1)) {
            if (option.startsWith("report=")) {
                c = new Config(parseReport(option.substring("report=".length())), c.failOnRace, c.quiet, c.adaptiveArrays);
            } else if (option.equals("fail-on-race")) {
                c = new Config(c.jsonReport, true, c.quiet, c.adaptiveArrays);
            } else if (option.equals("quiet")) {
                c = new Config(c.jsonReport, c.failOnRace, true, c.adaptiveArrays);
            } else if (option.startsWith("arrays=")) {
                c = new Config(c.jsonReport, c.failOnRace, c.quiet, parseArrays(option.substring("arrays=".length())));
            } else {
                throw new IllegalArgumentException("unknown agent option '" + option
                        + "' (expected report=json:FILE, fail-on-race, quiet, arrays=fine|adaptive)");
            }
        }
        return c;
    }

    /** The agent option string equivalent to this config. */
    String toAgentOptions() {
        StringBuilder sb = new StringBuilder();
        if (jsonReport != null) {
            sb.append("report=json:").append(jsonReport);
        }
        if (failOnRace) {
            sb.append(sb.length() > 0 ? "," : "").append("fail-on-race");
        }
        if (quiet) {
            sb.append(sb.length() > 0 ? "," : "").append("quiet");
        }
        if (adaptiveArrays) {
            sb.append(sb.length() > 0 ? "," : "").append("arrays=adaptive");
        }
        return sb.toString();
    }

    /** {@code fine} -> false, {@code adaptive} -> true. */
    static boolean parseArrays(String value) {
        switch (value) {
            case "fine": return false;
            case "adaptive": return true;
            default: throw new IllegalArgumentException("arrays must be fine or adaptive, got '" + value + "'");
        }
    }

    /** {@code json:FILE} -> FILE. */
    static Path parseReport(String value) {
        if (!value.startsWith("json:") || value.length() == "json:".length()) {
            throw new IllegalArgumentException("report must be json:FILE, got '" + value + "'");
        }
        String file = value.substring("json:".length());
        if (file.indexOf(',') >= 0) {
            throw new IllegalArgumentException("report file name must not contain ',': " + file);
        }
        try {
            return Path.of(file);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("bad report file name '" + file + "'");
        }
    }
}
