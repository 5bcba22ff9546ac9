package bigfoot.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs one kernel in a fresh JVM and collects the {@code time-ms:} and {@code cpu-ms:} lines it prints. */
final class ChildJvm {

    private ChildJvm() {
    }

    static Samples run(List<String> jvmArgs, Kernel kernel) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmArgs);
        cmd.add(kernel.mainClass());
        cmd.addAll(kernel.args().toList());
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = p.waitFor();
        if (status != 0) {
            throw new IOException(kernel.name() + " exited with status " + status + ": " + String.join(" ", cmd));
        }
        return parse(kernel.name(), out);
    }

    /**
     * The samples in a kernel's output: a wall time per {@code time-ms:} line, a CPU time per {@code cpu-ms:} line and
     * a JIT compilation time per {@code jit-ms:} line, the last two either absent (the JVM does not measure them) or
     * one per timed iteration.
     */
    static Samples parse(String name, String out) throws IOException {
        List<Double> wall = values(out, "time-ms");
        if (wall.isEmpty()) {
            throw new IOException(name + " printed no time-ms lines");
        }
        return new Samples(wall, perIteration(name, out, "cpu-ms", wall.size()),
                perIteration(name, out, "jit-ms", wall.size()));
    }

    /** The {@code label} lines of {@code out}: none, or one per timed iteration. */
    private static List<Double> perIteration(String name, String out, String label, int iterations)
            throws IOException {
        List<Double> values = values(out, label);
        if (!values.isEmpty() && values.size() != iterations) {
            throw new IOException(name + " printed " + iterations + " time-ms lines but " + values.size() + " " + label
                    + " lines");
        }
        return values;
    }

    private static List<Double> values(String out, String label) {
        String prefix = label + ": ";
        List<Double> values = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith(prefix)) {
                values.add(Double.parseDouble(line.substring(prefix.length()).trim()));
            }
        }
        return values;
    }
}
