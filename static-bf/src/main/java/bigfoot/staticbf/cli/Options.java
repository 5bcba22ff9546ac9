package bigfoot.staticbf.cli;

import bigfoot.staticbf.capsule.CapsuleSelection;
import bigfoot.staticbf.mode.Mode;
import bigfoot.staticbf.placement.Elision;
import bigfoot.staticbf.tool.StaticBfException;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The parsed command line of {@code staticbf}.
 *
 * @param threads the threads that analyse methods ({@code --threads}; by default one per processor)
 * @param cache false with {@code --no-cache}
 * @param cacheDir the {@code --cache-dir}, or null for the default ({@code RewriteCache.defaultDirectory})
 */
public record Options(Path in, Path out, Mode mode, Elision elision, CapsuleSelection capsules, boolean verifyPlacement,
        boolean proxies, List<Path> classpath, int threads, boolean cache, Path cacheDir, boolean help) {

    public static final String USAGE = String.join(System.lineSeparator(),
            "usage: staticbf --in app.jar --out app-checked.jar [--mode bigfoot|redcard|fasttrack] [--fields proxies|per-field]",
            "                [--elide none|escape|dynamic-escape] [--capsules none|all|FILE] [--verify-placement] [--classpath cp]",
            "                [--threads N] [--cache-dir DIR | --no-cache] [--daemon | --stop-daemon] [--help]",
            "  --in FILE        the jar to instrument",
            "  --out FILE       where to write the instrumented jar (written atomically, never over --in)",
            "  --mode MODE      check placement: bigfoot (the default: checks deferred, merged per location,",
            "                   run before synchronisation, at merges that lose them and at method exits), redcard",
            "                   (no re-check of a location already checked since the last release) or fasttrack",
            "                   (a check at every access)",
            "  --fields SHADOWS proxies (the default): instance fields of a class always checked together (same",
            "                   points, object and kind) share one shadow and one check, reported as pkg.C.x/y/z;",
            "                   per-field: one shadow per field",
            "  --elide FILTER   none (the default): every access is checked or covered by a check; escape: an access",
            "                   to an object the method allocated (or a constructor's this) before anything could hand",
            "                   it to another thread gets no check (partial escape: the first race of a run is still",
            "                   reported, a later race on such an object may not be); dynamic-escape: escape,",
            "                   and the objects of rewritten classes carry a bit that says whether they are still",
            "                   local to their thread: checks of a local object's fields are skipped at run time",
            "  --capsules WHICH none (the default); all: every class whose non-final instance fields no class of",
            "                   another package touches is a capsule: those fields are one location per object,",
            "                   checked once per stretch of its methods without a release instead of per access",
            "                   (a race on it is a capsule violation); run with dynamicbf --find-capsules FILE to",
            "                   keep the classes without violations; FILE: the capsules that run wrote",
            "  --verify-placement  also report every field and array access, so the runtime verifies that the",
            "                   placed checks are precise (every access covered, every check legitimate)",
            "  --classpath CP   jars and directories the input depends on (" + File.pathSeparator
                    + "-separated), used to resolve fields and class hierarchies",
            "  --threads N      analyse methods on N threads (default: one per processor); the output is the same",
            "  --cache-dir DIR  where rewrites are kept for re-runs: a run with the same input, --classpath, capsule",
            "                   list, options, StaticBF and JDK copies the jar it wrote, and a run after an edit",
            "                   reuses the analysis and rewriting of what the edit did not change (the default",
            "                   directory: $BIGFOOT_STATICBF_CACHE, else $XDG_CACHE_HOME/bigfoot/staticbf, else",
            "                   ~/.cache/bigfoot/staticbf; BIGFOOT_STATICBF_CACHE=off turns the default off)",
            "  --no-cache       neither use nor fill the cache",
            "  --daemon         run in a StaticBF JVM kept warm for the next runs (started by the first such run; it",
            "                   exits after $STATICBF_DAEMON_IDLE seconds without a run, 900 by default): a re-run",
            "                   after an edit takes a fraction of a cold JVM's time; the output is the same",
            "                   (STATICBF_DAEMON=on: every run of the command as if with --daemon)",
            "  --stop-daemon    stop this build's daemon, if one runs",
            "  --help           print this help");

    /** Parses {@code args}; both {@code --opt value} and {@code --opt=value} are accepted. */
    public static Options parse(String[] args) throws StaticBfException {
        Path in = null;
        Path out = null;
        Mode mode = Mode.BIGFOOT;
        Elision elision = Elision.NONE;
        CapsuleSelection capsules = CapsuleSelection.NONE;
        boolean verifyPlacement = false;
        boolean proxies = true;
        int threads = Runtime.getRuntime().availableProcessors();
        boolean cache = true;
        Path cacheDir = null;
        List<Path> classpath = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            switch (name) {
                case "--help", "-h" -> {
                    return new Options(null, null, mode, elision, capsules, false, proxies, List.of(), threads, false, null,
                            true);
                }
                case "--verify-placement" -> {
                    if (value != null) {
                        throw StaticBfException.usage("--verify-placement takes no value");
                    }
                    verifyPlacement = true;
                }
                case "--no-cache" -> {
                    if (value != null) {
                        throw StaticBfException.usage("--no-cache takes no value");
                    }
                    cache = false;
                }
                case "--in", "--out", "--mode", "--elide", "--capsules", "--fields", "--classpath", "-cp", "--cache-dir",
                        "--threads" -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw StaticBfException.usage(name + " needs a value");
                        }
                        value = args[++i];
                    }
                    if (value.isEmpty()) {
                        throw StaticBfException.usage(name + " needs a non-empty value");
                    }
                    switch (name) {
                        case "--in" -> in = Path.of(value);
                        case "--out" -> out = Path.of(value);
                        case "--mode" -> mode = choice(name, value, Mode.values(), Mode::optionName);
                        case "--elide" -> elision = choice(name, value, Elision.values(), Elision::optionName);
                        case "--capsules" -> capsules = CapsuleSelection.parse(value);
                        case "--fields" -> proxies = choice(name, value, FIELDS, f -> f).equals("proxies");
                        case "--cache-dir" -> cacheDir = Path.of(value);
                        case "--threads" -> threads = positive(name, value);
                        default -> {
                            for (String element : value.split(File.pathSeparator)) {
                                if (!element.isEmpty()) {
                                    classpath.add(Path.of(element));
                                }
                            }
                        }
                    }
                }
                default -> throw StaticBfException.usage(arg.startsWith("-")
                        ? "unknown option " + name : "unexpected argument '" + arg + "'");
            }
        }
        if (in == null) {
            throw StaticBfException.usage("missing --in (see staticbf --help)");
        }
        if (out == null) {
            throw StaticBfException.usage("missing --out (see staticbf --help)");
        }
        if (!cache && cacheDir != null) {
            throw StaticBfException.usage("--no-cache and --cache-dir exclude each other");
        }
        return new Options(in, out, mode, elision, capsules, verifyPlacement, proxies, List.copyOf(classpath), threads,
                cache, cacheDir, false);
    }

    /**
     * The arguments that parse to these options in any working directory and environment: paths made absolute, and
     * the cache's directory named ({@code --cache-dir}) or turned off ({@code --no-cache}) as {@code cacheDir} says:
     * what a run in another process (the daemon) is asked to do.
     */
    public List<String> absoluteArguments(Optional<Path> cacheDir) {
        List<String> args = new ArrayList<>(List.of("--in", absolute(in), "--out", absolute(out),
                "--mode", mode.optionName(), "--elide", elision.optionName(),
                "--capsules", capsules.file() == null ? capsules.optionValue() : absolute(capsules.file()),
                "--fields", proxies ? "proxies" : "per-field", "--threads", Integer.toString(threads)));
        if (verifyPlacement) {
            args.add("--verify-placement");
        }
        if (!classpath.isEmpty()) {
            args.add("--classpath");
            args.add(classpath.stream().map(Options::absolute).collect(Collectors.joining(File.pathSeparator)));
        }
        if (cacheDir.isPresent()) {
            args.add("--cache-dir");
            args.add(absolute(cacheDir.get()));
        } else {
            args.add("--no-cache");
        }
        return args;
    }

    private static String absolute(Path path) {
        return path.toAbsolutePath().normalize().toString();
    }

    /** A positive whole number, or a usage error naming {@code option}. */
    private static int positive(String option, String value) throws StaticBfException {
        try {
            int n = Integer.parseInt(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw StaticBfException.usage(option + " needs a positive number, got '" + value + "'");
    }

    /** The values of {@code --fields}. */
    private static final String[] FIELDS = {"proxies", "per-field"};

    /** The one of {@code values} whose name is {@code value}, or a usage error naming {@code option} and listing them. */
    private static <E> E choice(String option, String value, E[] values, Function<E, String> name)
            throws StaticBfException {
        for (E e : values) {
            if (name.apply(e).equals(value)) {
                return e;
            }
        }
        throw StaticBfException.usage("unknown " + option + " '" + value + "' (one of: "
                + Arrays.stream(values).map(name).collect(Collectors.joining(", ")) + ")");
    }
}
