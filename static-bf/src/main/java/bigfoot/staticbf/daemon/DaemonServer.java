package bigfoot.staticbf.daemon;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * The daemon: serves the runs of its build's clients, each on a thread of its own, in one JVM that stays warm
 * between them (a re-run in a fresh JVM spends most of its time loading and compiling StaticBF's code).
 *
 * <p>It ends when it has served no run for its idle time, or when a client asks it to stop (runs under way end
 * first). A client that leaves during its run (interrupted, killed) ends the daemon at once, as the end of the
 * {@code staticbf} process would have ended a run made without it: the run's output jar is then not written, or
 * written whole (it is moved into place complete), never half; the clients of other runs under way make theirs again
 * without the daemon.
 */
public final class DaemonServer {

    private final DaemonFiles files;
    private final long idleNanos;
    private final Command command;
    private final ServerSocketChannel server;
    private int running;
    private long idleSince = System.nanoTime();
    private boolean stopping;

    private DaemonServer(DaemonFiles files, long idleNanos, Command command, ServerSocketChannel server) {
        this.files = files;
        this.idleNanos = idleNanos;
        this.command = command;
        this.server = server;
    }

    /**
     * Serves until idle for {@code idleSeconds} or stopped; returns at once if a daemon of {@code files} runs. False
     * if it could not serve (said in one line of the log, which a client waiting for it quotes).
     */
    public static boolean serve(DaemonFiles files, long idleSeconds, Command command) {
        try {
            serveLocked(files, idleSeconds, command);
            return true;
        } catch (IOException | RuntimeException e) {
            log("cannot serve " + files.socket() + ": " + e);
            return false;
        }
    }

    private static void serveLocked(DaemonFiles files, long idleSeconds, Command command) throws IOException {
        try (FileChannel lockFile = FileChannel.open(files.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = lockFile.tryLock()) {
            if (lock == null) {
                log("another daemon serves " + files.socket());
                return;
            }
            Files.deleteIfExists(files.socket()); // a daemon that ended without removing it (killed)
            try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                server.bind(UnixDomainSocketAddress.of(files.socket()));
                log("serving " + files.socket() + " (idle time " + idleSeconds + " s)");
                new DaemonServer(files, TimeUnit.SECONDS.toNanos(idleSeconds), command, server).acceptAll();
            } finally {
                Files.deleteIfExists(files.socket());
            }
        }
    }

    private void acceptAll() throws IOException {
        Thread watch = new Thread(this::endWhenIdle, "staticbf-daemon-idle");
        watch.setDaemon(true);
        watch.start();
        while (true) {
            SocketChannel client;
            try {
                client = server.accept();
            } catch (ClosedChannelException e) {
                break; // ended by endWhenIdle
            }
            Thread t = new Thread(() -> answer(client), "staticbf-daemon-client");
            t.setDaemon(true);
            t.start();
        }
        synchronized (this) {
            while (running > 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * Closes the server socket when a stop was asked, or once no run is under way and the idle time has passed (the
     * runs under way then finish before {@link #acceptAll} returns).
     */
    private void endWhenIdle() {
        while (true) {
            synchronized (this) {
                if (stopping || running == 0 && System.nanoTime() - idleSince > idleNanos) {
                    log(stopping ? "stopping" : "idle: ending");
                    break;
                }
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                break;
            }
        }
        try {
            Files.deleteIfExists(files.socket()); // no client connects to a daemon that ends
            server.close();
        } catch (IOException e) {
            log("cannot close the socket: " + e);
        }
    }

    private void answer(SocketChannel client) {
        try (client) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(Frames.input(client)));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Frames.output(client)));
            Frames.Request request = Frames.readRequest(in);
            synchronized (this) {
                if (stopping) {
                    return; // the client runs without the daemon
                }
                if (request.stop()) {
                    stopping = true;
                    Frames.writeExit(out, 0);
                    return;
                }
                running++;
            }
            try {
                run(request, in, out);
            } finally {
                synchronized (this) {
                    running--;
                    idleSince = System.nanoTime();
                    notifyAll();
                }
            }
        } catch (IOException e) {
            log("a client's request failed: " + e);
        }
    }

    private void run(Frames.Request request, DataInputStream in, DataOutputStream out) throws IOException {
        boolean[] done = {false};
        Thread leaving = new Thread(() -> endIfClientLeaves(in, done), "staticbf-daemon-client-watch");
        leaving.setDaemon(true);
        leaving.start();
        Charset charset = Charset.isSupported(request.charset()) ? Charset.forName(request.charset())
                : Charset.defaultCharset();
        PrintStream stdout = new PrintStream(Frames.output(out, false), true, charset);
        PrintStream stderr = new PrintStream(Frames.output(out, true), true, charset);
        int code;
        try {
            code = command.run(request.args().toArray(String[]::new), stdout, stderr, request.terminal());
        } catch (RuntimeException | Error e) {
            stderr.println("staticbf: error: internal error: " + e);
            code = 1;
        }
        stdout.flush();
        stderr.flush();
        synchronized (done) {
            done[0] = true;
        }
        Frames.writeExit(out, code);
    }

    /** Ends the daemon if the client closes its end before its run is done (see the class comment). */
    private void endIfClientLeaves(DataInputStream in, boolean[] done) {
        try {
            while (in.read() >= 0) {
                // a client sends nothing after its request
            }
        } catch (IOException e) {
            // the same: the client is gone
        }
        synchronized (done) {
            if (!done[0]) {
                log("a client left during its run: ending");
                try {
                    Files.deleteIfExists(files.socket());
                } catch (IOException e) {
                    // the next daemon removes it
                }
                Runtime.getRuntime().halt(3);
            }
        }
    }

    private static void log(String message) {
        System.err.println(Instant.now() + " staticbf daemon " + ProcessHandle.current().pid() + ": " + message);
    }
}
