package bigfoot.staticbf.daemon;

import bigfoot.staticbf.cache.RewriteCache;
import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.tool.StaticBfException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * {@code staticbf --daemon}: asks this build's daemon to make the run, starting it if none runs, and relays its
 * output and exit code. Whatever keeps the daemon from making the run (it cannot start, its directory is not private,
 * it ends during the run) is said in one warning, and the run is made in this JVM instead.
 */
public final class DaemonClient {

    /** Seconds a daemon waits for its next run ({@code STATICBF_DAEMON_IDLE}, 900 if unset). */
    public static final String IDLE_ENVIRONMENT = "STATICBF_DAEMON_IDLE";
    /** {@code STATICBF_DAEMON=on}: the command line's runs ask for the daemon without {@code --daemon}. */
    public static final String DEFAULT_ENVIRONMENT = "STATICBF_DAEMON";
    private static final String DAEMON = "--daemon";
    private static final String STOP = "--stop-daemon";
    private static final long START_NANOS = 30_000_000_000L;
    private static final long EXITED_GRACE_NANOS = 10_000_000_000L;

    private DaemonClient() {
    }

    /** True if {@code args} ask for the daemon ({@code --daemon}) or for its end ({@code --stop-daemon}). */
    public static boolean asked(String[] args) {
        return Arrays.asList(args).contains(DAEMON) || Arrays.asList(args).contains(STOP);
    }

    /** {@code args}, with {@code --daemon} added if {@code environment} has {@code STATICBF_DAEMON=on}. */
    public static String[] byDefault(String[] args, Map<String, String> environment) {
        if (!"on".equals(environment.get(DEFAULT_ENVIRONMENT)) || asked(args)) {
            return args;
        }
        String[] with = new String[args.length + 1];
        with[0] = DAEMON;
        System.arraycopy(args, 0, with, 1, args.length);
        return with;
    }

    /** Runs {@code args} in the daemon, or with {@code local} if it cannot; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err, boolean terminal, Command local) {
        return run(args, out, err, terminal, local, System.getenv());
    }

    /** As {@link #run(String[], PrintStream, PrintStream, boolean, Command)}, in {@code environment}. */
    static int run(String[] args, PrintStream out, PrintStream err, boolean terminal, Command local,
            Map<String, String> environment) {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        rest.removeIf(DAEMON::equals);
        if (rest.contains(STOP)) {
            if (rest.size() > 1) {
                err.println("staticbf: error: " + STOP + " takes no other option");
                return StaticBfException.USAGE;
            }
            return stop(out, err, environment);
        }
        String[] here = rest.toArray(String[]::new);
        Options options;
        try {
            options = Options.parse(here);
        } catch (StaticBfException e) {
            return local.run(here, out, err, terminal); // reports the usage error as a run without the daemon does
        }
        if (options.help()) {
            return local.run(here, out, err, terminal);
        }
        List<String> forwarded = options.absoluteArguments(RewriteCache.directory(options));
        DaemonFiles files = null;
        try {
            List<String> javaOptions = javaOptions();
            files = DaemonFiles.forThisBuild(javaOptions, environment);
            try (SocketChannel channel = connectOrStart(files, javaOptions, environment)) {
                DataOutputStream to = new DataOutputStream(new BufferedOutputStream(Frames.output(channel)));
                Frames.writeRequest(to, new Frames.Request(false, terminal, charset(), forwarded));
                DataInputStream from = new DataInputStream(new BufferedInputStream(Frames.input(channel)));
                OptionalInt code = Frames.relay(from, out, err);
                if (code.isPresent()) {
                    return code.getAsInt();
                }
            }
            err.println("staticbf: warning: the daemon ended without finishing the run (its log: " + files.log()
                    + "); running without it");
        } catch (IOException e) {
            err.println("staticbf: warning: no daemon (" + e.getMessage() + "); running without it");
        }
        return local.run(here, out, err, terminal);
    }

    /** {@code --stop-daemon}: asks this build's daemon to end once its runs under way are done. */
    private static int stop(PrintStream out, PrintStream err, Map<String, String> environment) {
        try {
            DaemonFiles files = DaemonFiles.forThisBuild(javaOptions(), environment);
            try (SocketChannel channel = connect(files.socket())) {
                DataOutputStream to = new DataOutputStream(new BufferedOutputStream(Frames.output(channel)));
                Frames.writeRequest(to, new Frames.Request(true, false, charset(), List.of()));
                Frames.relay(new DataInputStream(Frames.input(channel)), out, err);
                out.println("staticbf: the daemon stops (" + files.socket() + ")");
            } catch (IOException e) {
                out.println("staticbf: no daemon runs (" + files.socket() + ")");
            }
            return 0;
        } catch (IOException e) {
            err.println("staticbf: error: " + e.getMessage());
            return StaticBfException.FAILURE;
        }
    }

    private static SocketChannel connectOrStart(DaemonFiles files, List<String> javaOptions,
            Map<String, String> environment) throws IOException {
        try {
            return connect(files.socket());
        } catch (IOException none) {
            // start one below
        }
        Process daemon = start(files, javaOptions, idleSeconds(environment));
        long begin = System.nanoTime();
        long exited = 0;
        while (true) {
            try {
                return connect(files.socket());
            } catch (IOException notYet) {
                long now = System.nanoTime();
                if (!daemon.isAlive()) {
                    if (daemon.exitValue() != 0) {
                        throw new IOException("it could not start: " + lastLine(files.log()));
                    }
                    exited = exited == 0 ? now : exited; // another daemon took the lock: wait for its socket
                    if (now - exited > EXITED_GRACE_NANOS) {
                        throw new IOException("another daemon of this build does not answer (" + files.socket() + ")");
                    }
                }
                if (now - begin > START_NANOS) {
                    throw new IOException("it did not start in " + START_NANOS / 1_000_000_000L + " s (its log: "
                            + files.log() + ")");
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while it started");
                }
            }
        }
    }

    private static SocketChannel connect(Path socket) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e instanceof IOException io ? io : new IOException(e.getMessage());
        }
    }

    /**
     * Starts the daemon in a session of its own (so that a terminal's interrupt of this run does not reach it), with
     * no input and its output appended to its log.
     */
    private static Process start(DaemonFiles files, List<String> javaOptions, long idleSeconds) throws IOException {
        List<String> command = new ArrayList<>();
        for (String setsid : List.of("/usr/bin/setsid", "/bin/setsid")) {
            if (Files.isExecutable(Path.of(setsid))) {
                command.add(setsid);
                break;
            }
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(javaOptions);
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(e -> Path.of(e).toAbsolutePath().toString()).collect(Collectors.joining(File.pathSeparator));
        command.addAll(List.of("-cp", classPath, "bigfoot.staticbf.StaticBfDaemon",
                files.dir().toString(), files.key(), Long.toString(idleSeconds)));
        if (Files.isRegularFile(files.log()) && Files.size(files.log()) > 1 << 20) {
            Files.delete(files.log());
        }
        return new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(files.log().toFile()))
                .redirectErrorStream(true)
                .start();
    }

    /**
     * The daemon JVM's options: this JVM's ({@code bin/staticbf}'s, or {@code STATICBF_JAVA_OPTS}), so that the
     * daemon's first run costs what a run without it does, and later ones less.
     */
    private static List<String> javaOptions() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments();
    }

    private static long idleSeconds(Map<String, String> environment) throws IOException {
        String configured = environment.get(IDLE_ENVIRONMENT);
        if (configured == null || configured.isEmpty()) {
            return 900;
        }
        try {
            long seconds = Long.parseLong(configured.trim());
            if (seconds > 0) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IOException(IDLE_ENVIRONMENT + " needs a positive number of seconds, got '" + configured + "'");
    }

    /** The charset this process's output is written in: the daemon writes the run's output in it. */
    private static String charset() {
        String stdout = System.getProperty("sun.stdout.encoding");
        return stdout != null ? stdout : Charset.defaultCharset().name();
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? "see " + log : lines.get(lines.size() - 1) + " (" + log + ")";
        } catch (IOException | RuntimeException e) {
            return "see " + log;
        }
    }
}
