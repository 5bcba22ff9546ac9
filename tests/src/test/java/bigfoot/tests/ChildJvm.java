package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a program in a child JVM (the test JVM's own java) with its output captured in files. */
final class ChildJvm {

    /** Per-program limit; a correct corpus program finishes in a second or two. */
    static final long TIMEOUT_SECONDS = 90;

    /** Small heap, fast start-up, and every class (rewritten ones included) through the verifier. */
    static final List<String> VM_OPTIONS =
            List.of("-Xverify:all", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    record Result(int exit, String stdout, String stderr, boolean timedOut) {
        /** The last lines of stderr, for failure messages. */
        String stderrTail() {
            List<String> lines = stderr.lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        }
    }

    private ChildJvm() {
    }

    private static Path runtimeSnapshot;

    /**
     * The runtime jar named by {@code bigfoot.runtime.jar}, copied once per test JVM into the workspace so
     * that every child of one run uses the same runtime even if dynamic-bf is rebuilt meanwhile.
     */
    static synchronized Path runtimeJar() throws IOException {
        if (runtimeSnapshot == null) {
            String jar = System.getProperty("bigfoot.runtime.jar");
            assertTrue(jar != null && Files.isRegularFile(Path.of(jar)), "runtime jar missing: " + jar);
            Path copy = Workspace.fresh("runtime").resolve("dynamic-bf.jar");
            runtimeSnapshot = Files.copy(Path.of(jar), copy);
        }
        return runtimeSnapshot;
    }

    /** {@code java -javaagent:<runtime>=report=json:<report>,quiet -cp <jar> <main>}. */
    static List<String> instrumented(Path jar, String mainClass, Path report) throws IOException {
        return instrumented(jar, mainClass, report, "");
    }

    /** As {@link #instrumented(Path, String, Path)}, with more agent options ({@code ,arrays=adaptive}). */
    static List<String> instrumented(Path jar, String mainClass, Path report, String moreOptions) throws IOException {
        return List.of("-javaagent:" + runtimeJar() + "=report=json:" + report + ",quiet" + moreOptions, "-cp",
                jar.toString(), mainClass);
    }

    static List<String> plain(Path jar, String mainClass) {
        return List.of("-cp", jar.toString(), mainClass);
    }

    /** Runs {@code java <VM options> <args>}; stdout and stderr go to {@code <logs>.out} and {@code <logs>.err}. */
    static Result run(List<String> args, Path logs) throws IOException, InterruptedException {
        return run(Path.of(System.getProperty("java.home"), "bin", "java"), args, logs);
    }

    /** As {@link #run(List, Path)} with another JDK's {@code java}. */
    static Result run(Path java, List<String> args, Path logs) throws IOException, InterruptedException {
        return run(java, args, logs, TIMEOUT_SECONDS);
    }

    /** As {@link #run(List, Path)} with a limit of its own, for a program that runs longer than a corpus program. */
    static Result run(List<String> args, Path logs, long timeoutSeconds) throws IOException, InterruptedException {
        return run(Path.of(System.getProperty("java.home"), "bin", "java"), args, logs, timeoutSeconds);
    }

    private static Result run(Path java, List<String> args, Path logs, long timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(VM_OPTIONS);
        command.addAll(args);
        Path out = logs.resolveSibling(logs.getFileName() + ".out");
        Path err = logs.resolveSibling(logs.getFileName() + ".err");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        p.getOutputStream().close();
        boolean finished = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!finished) {
            // a launcher's program JVM too (bin/dynamicbf runs the program in a child of its own)
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
        }
        return new Result(finished ? p.exitValue() : -1, Files.readString(out), Files.readString(err), !finished);
    }
}
