package bigfoot.rt;

import java.lang.instrument.Instrumentation;

/**
 * {@code java -javaagent:dynamic-bf.jar[=report=json:FILE,fail-on-race,quiet,arrays=fine|adaptive,load-time=CP]
 * -cp app-checked.jar Main}. The agent puts the runtime on the class path, configures it and starts it before
 * main, so the exit report appears even if no instrumented code runs. The program is rewritten ahead of time by
 * StaticBF; with {@code load-time=CP} (where StaticBF is) the classes that were not are rewritten as they load
 * ({@link LoadTimeInstrumentation}). A bad option, a report that cannot be written or a suppressions file that
 * cannot be read ends the JVM with status 2, before main.
 */
public final class Agent {

    private Agent() {
    }

    public static void premain(String options, Instrumentation instrumentation) {
        Config config;
        try {
            config = Config.fromProperties(System.getProperties()).withAgentOptions(options);
            config.checkFiles();
            if (config.loadTime() != null) {
                LoadTimeInstrumentation.install(instrumentation, config.loadTime());
            }
        } catch (IllegalArgumentException e) {
            System.err.println("DynamicBF: " + e.getMessage());
            System.exit(2);
            return;
        }
        Engine.startAgent(config);
    }
}
