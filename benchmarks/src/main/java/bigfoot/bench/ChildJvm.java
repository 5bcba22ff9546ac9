package bigfoot.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs one kernel in a fresh JVM and collects the {@code time-ms:} lines it prints. */
final class ChildJvm {

    private ChildJvm() {
    }

    static List<Double> run(List<String> jvmArgs, Kernel kernel) throws IOException, InterruptedException {
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
        List<Double> times = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("time-ms: ")) {
                times.add(Double.parseDouble(line.substring("time-ms: ".length()).trim()));
            }
        }
        if (times.isEmpty()) {
            throw new IOException(kernel.name() + " printed no time-ms lines");
        }
        return times;
    }

    static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
