package bigfoot.maven;

import bigfoot.rt.JitOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Surefire's {@code argLine} with the runtime agent and its {@link JitOptions}: the user's arguments kept after the JIT
 * options (an earlier run's JIT options and agent of ours replaced).
 */
final class ArgLine {

    private ArgLine() {
    }

    static String withAgent(String argLine, Path runtimeJar, String agentOptions) {
        List<String> jit = JitOptions.jvmOptions();
        List<String> kept = new ArrayList<>(jit);
        if (argLine != null) {
            for (String arg : argLine.trim().split("\\s+")) {
                if (!arg.isEmpty() && !isOurAgent(arg) && !jit.contains(arg)) {
                    kept.add(arg);
                }
            }
        }
        kept.add("-javaagent:" + quoted(runtimeJar.toString()) + "=" + agentOptions);
        return String.join(" ", kept);
    }

    private static boolean isOurAgent(String arg) {
        return arg.startsWith("-javaagent:") && arg.contains("dynamic-bf");
    }

    /** Surefire splits argLine on spaces; a path with spaces must be quoted. */
    private static String quoted(String path) {
        return path.indexOf(' ') >= 0 ? "\"" + path + "\"" : path;
    }
}
