package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JitOptionsTest {

    /** A renamed runtime method would leave its command matching nothing, and the slow path inlined again. */
    @Test
    void everyOutOfLineMethodExistsInTheRuntime() throws Exception {
        for (String pattern : JitOptions.OUT_OF_LINE) {
            String[] parts = pattern.split("::");
            Class<?> owner = Class.forName(parts[0]);
            if (!parts[1].equals("*")) {
                assertTrue(Arrays.stream(owner.getDeclaredMethods()).map(Method::getName).anyMatch(parts[1]::equals),
                        pattern + " names no method of " + owner.getName());
            }
        }
    }

    /** The options start a JVM that prints nothing of them and runs the program as without them. */
    @Test
    void aJvmTakesTheOptionsSilently() throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(JitOptions.jvmOptions());
        cmd.add("-version");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertFalse(out.contains("CompileCommand"), out);
        assertTrue(out.contains("version"), out);
    }
}
