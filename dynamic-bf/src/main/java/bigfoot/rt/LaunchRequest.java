package bigfoot.rt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed {@code dynamicbf} command line:
 * {@code [--report json|sarif|html:FILE]... [--suppress FILE] [--fail-on-race] [--quiet] [--all-stacks] [--arrays fine|adaptive]
 * [--load-time STATICBF_CP | --no-load-time] [-cp CP] Main args...} (or {@code --help}).
 * Options end at the main class; everything after it belongs to the program.
 */
record LaunchRequest(Config config, String classPath, String mainClass, List<String> programArgs, boolean help) {

    static final String USAGE = "usage: java -jar dynamic-bf.jar [--report json|sarif|html:FILE]... [--suppress FILE] [--fail-on-race]"
            + " [--quiet] [--all-stacks] [--arrays fine|adaptive] [--load-time STATICBF_JAR | --no-load-time] [-cp CLASSPATH] MainClass [args...]";

    /** Thrown for a bad command line; its message is the one line to print. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    static LaunchRequest parse(String[] args) throws UsageException {
        Config config = Config.DEFAULT;
        String classPath = null;
        int i = 0;
        for (; i < args.length && args[i].startsWith("-"); i++) {
            String a = args[i];
            switch (a) {
                case "--help":
                case "-h":
                    return new LaunchRequest(Config.DEFAULT, null, null, List.of(), true);
                case "--fail-on-race":
                    config = config.withFailOnRace();
                    break;
                case "--quiet":
                    config = config.withQuiet();
                    break;
                case "--all-stacks":
                    config = config.withAllStacks();
                    break;
                case "--report":
                    try {
                        config = config.withReport(Config.parseReport(value(args, ++i, a)));
                    } catch (IllegalArgumentException e) {
                        throw new UsageException("--report: " + e.getMessage());
                    }
                    break;
                case "--suppress":
                    try {
                        config = config.withSuppressions(Config.parseFile(value(args, ++i, a)));
                    } catch (IllegalArgumentException e) {
                        throw new UsageException("--suppress: " + e.getMessage());
                    }
                    break;
                case "--arrays":
                    try {
                        config = config.withArrays(Config.parseArrays(value(args, ++i, a)));
                    } catch (IllegalArgumentException e) {
                        throw new UsageException("--arrays: " + e.getMessage());
                    }
                    break;
                case "--load-time":
                    config = config.withLoadTime(value(args, ++i, a));
                    break;
                case "--no-load-time":
                    config = config.withLoadTime(null);
                    break;
                case "-cp":
                case "-classpath":
                case "--class-path":
                    classPath = value(args, ++i, a);
                    break;
                default:
                    throw new UsageException("unknown option " + a);
            }
        }
        if (i == args.length) {
            throw new UsageException("missing main class");
        }
        List<String> programArgs = new ArrayList<>(List.of(args).subList(i + 1, args.length));
        return new LaunchRequest(config, classPath, args[i], programArgs, false);
    }

    private static String value(String[] args, int i, String option) throws UsageException {
        if (i >= args.length) {
            throw new UsageException(option + " needs a value");
        }
        return args[i];
    }

    /** The child JVM's command: {@code java -javaagent:JAR[=options] [-cp CP] Main args...}. */
    List<String> childCommand(String java, Path agentJar) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        String options = config.toAgentOptions();
        cmd.add("-javaagent:" + agentJar + (options.isEmpty() ? "" : "=" + options));
        if (classPath != null) {
            cmd.add("-cp");
            cmd.add(classPath);
        }
        cmd.add(mainClass);
        cmd.addAll(programArgs);
        return cmd;
    }
}
