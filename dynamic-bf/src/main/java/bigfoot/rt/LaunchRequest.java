package bigfoot.rt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed {@code dynamicbf} command line:
 * {@code [--report json|sarif|html:FILE]... [--suppress FILE] [--fail-on-race] [--quiet] [--all-stacks] [--arrays fine|adaptive]
 * [--find-capsules FILE] [--record TRACE] [--tool NAME] [--load-time STATICBF_CP | --no-load-time] [JVM options] [-cp CP] (Main | -jar app.jar) args...} (or
 * {@code --help}, or {@code --jit-options}).
 * JVM options ({@link #isJvmOption}) go to the child JVM in their order, as {@code java} takes them. Options end at
 * the main class or at {@code -jar}'s jar; everything after it belongs to the program.
 */
record LaunchRequest(Config config, List<String> jvmOptions, String classPath, String mainClass, String jar,
        List<String> programArgs, Action action) {

    /** What the launcher does: run the program, print its help, or print the {@link JitOptions}. */
    enum Action { RUN, HELP, JIT_OPTIONS }

    static final String USAGE = "usage: java -jar dynamic-bf.jar [--report json|sarif|html:FILE]... [--suppress FILE] [--fail-on-race]"
            + " [--quiet] [--all-stacks] [--arrays fine|adaptive] [--find-capsules FILE] [--record TRACE] [--tool NAME] [--load-time STATICBF_JAR | --no-load-time] [JVM options]"
            + " [-cp CLASSPATH] (MainClass | -jar app.jar) [args...]";

    /** {@code java}'s options that take their value as the next argument, passed to the child as they are. */
    private static final List<String> JVM_OPTIONS_WITH_VALUE = List.of("--add-opens", "--add-exports", "--add-reads",
            "--add-modules", "--enable-native-access", "--limit-modules", "--module-path", "-p");

    /** Thrown for a bad command line; its message is the one line to print. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    static LaunchRequest parse(String[] args) throws UsageException {
        Config config = Config.DEFAULT;
        List<String> jvmOptions = new ArrayList<>();
        String classPath = null;
        int i = 0;
        for (; i < args.length && args[i].startsWith("-"); i++) {
            String a = args[i];
            switch (a) {
                case "--help":
                case "-h":
                    return new LaunchRequest(Config.DEFAULT, List.of(), null, null, null, List.of(), Action.HELP);
                case "--jit-options":
                    return new LaunchRequest(Config.DEFAULT, List.of(), null, null, null, List.of(), Action.JIT_OPTIONS);
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
                case "--find-capsules":
                    try {
                        config = config.withFindCapsules(Config.parseFile(value(args, ++i, a)));
                    } catch (IllegalArgumentException e) {
                        throw new UsageException("--find-capsules: " + e.getMessage());
                    }
                    break;
                case "--tool":
                    try {
                        config = config.withTool(TraceTool.named(value(args, ++i, a)));
                    } catch (IllegalArgumentException e) {
                        throw new UsageException("--tool: " + e.getMessage());
                    }
                    break;
                case "--record":
                    try {
                        config = config.withRecord(Config.parseFile(value(args, ++i, a)));
                    } catch (IllegalArgumentException e) {
                        throw new UsageException("--record: " + e.getMessage());
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
                case "-jar":
                    String jar = value(args, ++i, a);
                    List<String> jarArgs = new ArrayList<>(List.of(args).subList(i + 1, args.length));
                    return new LaunchRequest(config, jvmOptions, classPath, null, jar, jarArgs, Action.RUN);
                default:
                    if (JVM_OPTIONS_WITH_VALUE.contains(a)) {
                        jvmOptions.add(a);
                        jvmOptions.add(value(args, ++i, a));
                    } else if (isJvmOption(a)) {
                        jvmOptions.add(a);
                    } else {
                        throw new UsageException("unknown option " + a);
                    }
            }
        }
        if (i == args.length) {
            throw new UsageException("missing main class");
        }
        List<String> programArgs = new ArrayList<>(List.of(args).subList(i + 1, args.length));
        return new LaunchRequest(config, jvmOptions, classPath, args[i], null, programArgs, Action.RUN);
    }

    /**
     * A {@code java} option passed to the child as it is: {@code -X...} and {@code -XX:...} (heap, GC, JIT),
     * {@code -D} properties, assertions, {@code -verbose:}, other agents, and {@code --name=value} forms of the
     * module options ({@code --add-opens=...}), {@code --enable-preview}.
     */
    static boolean isJvmOption(String a) {
        return a.startsWith("-X") || a.startsWith("-D") || a.matches("-(e|d|es|ds)a(:.*)?")
                || a.matches("-(enable|disable)(system)?assertions(:.*)?") || a.startsWith("-verbose")
                || a.startsWith("-agentlib:") || a.startsWith("-agentpath:") || a.startsWith("-javaagent:")
                || a.equals("--enable-preview") || JVM_OPTIONS_WITH_VALUE.stream().anyMatch(o -> a.startsWith(o + "="));
    }

    private static String value(String[] args, int i, String option) throws UsageException {
        if (i >= args.length) {
            throw new UsageException(option + " needs a value");
        }
        return args[i];
    }

    /**
     * The child JVM's command: {@code java [JIT options] [JVM options] -javaagent:JAR[=options] [-cp CP] (Main | -jar
     * app.jar) args...}, the {@link JitOptions} first so that the user's own options come after them.
     */
    List<String> childCommand(String java, Path agentJar) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JitOptions.jvmOptions());
        cmd.addAll(jvmOptions);
        String options = config.toAgentOptions();
        cmd.add("-javaagent:" + agentJar + (options.isEmpty() ? "" : "=" + options));
        if (classPath != null) {
            cmd.add("-cp");
            cmd.add(classPath);
        }
        if (jar != null) {
            cmd.add("-jar");
            cmd.add(jar);
        } else {
            cmd.add(mainClass);
        }
        cmd.addAll(programArgs);
        return cmd;
    }
}
