package bigfoot.rt;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LaunchRequestTest {

    @Test
    void childCommandCarriesOptionsClassPathMainAndArguments() throws Exception {
        LaunchRequest r = LaunchRequest.parse(new String[] {"--report", "json:r.json", "--fail-on-race", "--quiet",
            "-cp", "app-checked.jar", "com.example.Main", "--report", "x"});
        assertEquals(command("/jdk/bin/java", "-javaagent:/opt/dynamic-bf.jar=report=json:r.json,fail-on-race,quiet",
                "-cp", "app-checked.jar", "com.example.Main", "--report", "x"),
                r.childCommand("/jdk/bin/java", Path.of("/opt/dynamic-bf.jar")));
    }

    @Test
    void recordReachesTheAgent() throws Exception {
        LaunchRequest r = LaunchRequest.parse(new String[] {"--record", "run.std", "-cp", "app.jar", "Main"});
        assertEquals(command("java", "-javaagent:d.jar=record=run.std", "-cp", "app.jar", "Main"),
                r.childCommand("java", Path.of("d.jar")));
    }

    @Test
    void toolReachesTheAgentAndFt2IsTheDefault() throws Exception {
        LaunchRequest r = LaunchRequest.parse(new String[] {"--tool", "goldilocks", "-cp", "app.jar", "Main"});
        assertEquals(command("java", "-javaagent:d.jar=tool=goldilocks", "-cp", "app.jar", "Main"),
                r.childCommand("java", Path.of("d.jar")));
        assertEquals(Config.DEFAULT, LaunchRequest.parse(new String[] {"--tool", "ft2", "Main"}).config());
        assertThrows(LaunchRequest.UsageException.class,
                () -> LaunchRequest.parse(new String[] {"--tool", "tsan", "Main"}));
    }

    @Test
    void findCapsulesReachesTheAgent() throws Exception {
        LaunchRequest r = LaunchRequest.parse(new String[] {"--find-capsules", "caps.txt", "-cp", "app.jar", "Main"});
        assertEquals(command("java", "-javaagent:d.jar=find-capsules=caps.txt", "-cp", "app.jar", "Main"),
                r.childCommand("java", Path.of("d.jar")));
    }

    @Test
    void noOptionsMeansAPlainAgent() throws Exception {
        LaunchRequest r = LaunchRequest.parse(new String[] {"Main"});
        assertEquals(command("java", "-javaagent:d.jar", "Main"), r.childCommand("java", Path.of("d.jar")));
    }

    /** As with java: JVM options reach the child's JVM in their order, before the agent; {@code -jar} ends the options. */
    @Test
    void jvmOptionsPassThroughAndJarRunsLikeJava() throws Exception {
        LaunchRequest r = LaunchRequest.parse(new String[] {"-Xmx1g", "-Dapp.mode=test", "-XX:+UseSerialGC", "-ea",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
            "--quiet", "-jar", "app-checked.jar", "-Xmx2g", "--quiet"});
        assertEquals(command("java", "-Xmx1g", "-Dapp.mode=test", "-XX:+UseSerialGC", "-ea", "--add-opens",
                "java.base/java.lang=ALL-UNNAMED", "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                "-javaagent:d.jar=quiet", "-jar", "app-checked.jar", "-Xmx2g", "--quiet"),
                r.childCommand("java", Path.of("d.jar")));
        assertEquals("-jar needs a value", message("-jar"));
        assertEquals("--add-opens needs a value", message("--add-opens"));
    }

    @Test
    void help() throws Exception {
        assertEquals(LaunchRequest.Action.HELP, LaunchRequest.parse(new String[] {"--help"}).action());
        assertEquals(LaunchRequest.Action.HELP, LaunchRequest.parse(new String[] {"-cp", "x", "-h"}).action());
    }

    /** As bin/dynamicbf passes it, after the load-time option. */
    @Test
    void jitOptions() throws Exception {
        assertEquals(LaunchRequest.Action.JIT_OPTIONS,
                LaunchRequest.parse(new String[] {"--load-time", "staticbf.jar", "--jit-options"}).action());
        assertEquals(LaunchRequest.Action.RUN, LaunchRequest.parse(new String[] {"Main", "--jit-options"}).action());
    }

    @Test
    void badUsageIsOneClearMessage() {
        assertEquals("missing main class", message());
        assertEquals("missing main class", message("-cp", "a.jar"));
        assertEquals("-cp needs a value", message("-cp"));
        assertEquals("unknown option --verbose", message("--verbose", "Main"));
        assertEquals("unknown option -foo", message("-foo", "Main"));
        assertEquals("--report: report must be json:FILE, sarif:FILE or html:FILE, got 'r.json'", message("--report", "r.json", "Main"));
        assertEquals("--report: file name must not contain ',': a,b.json", message("--report", "json:a,b.json", "Main"));
    }

    private static String message(String... args) {
        return assertThrows(LaunchRequest.UsageException.class, () -> LaunchRequest.parse(args)).getMessage();
    }

    /** The child's command: {@code java}, the {@link JitOptions} and then {@code rest}. */
    private static List<String> command(String java, String... rest) {
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(JitOptions.jvmOptions());
        cmd.addAll(List.of(rest));
        return cmd;
    }
}
