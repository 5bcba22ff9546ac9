package bigfoot.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Surefire's {@code argLine} with the runtime agent: the user's arguments kept, an earlier agent of ours replaced. */
final class ArgLine {

    private ArgLine() {
    }

    static String withAgent(String argLine, Path runtimeJar, String agentOptions) {
        List<String> kept = new ArrayList<>();
        if (argLine != null) {
            for (String arg : argLine.trim().split("\\s+")) {
                if (!arg.isEmpty() && !isOurAgent(arg)) {
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
