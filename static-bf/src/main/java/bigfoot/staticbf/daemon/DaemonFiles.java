package bigfoot.staticbf.daemon;

import bigfoot.staticbf.store.Digest;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where the daemon of one StaticBF build lives: its socket, its lock and its log, in a directory only the user can
 * enter, named by a key of the build (StaticBF's class path, each jar's size and time), the JVM and the daemon's JVM
 * options. A rebuilt StaticBF or another JVM has another daemon; the old one ends when it has been idle long enough.
 */
public record DaemonFiles(Path dir, String key) {

    /** Names the directory, instead of {@code $XDG_RUNTIME_DIR/bigfoot-staticbf} or a private one in the temp dir. */
    public static final String DIR_ENVIRONMENT = "STATICBF_DAEMON_DIR";

    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

    /** The files of the daemon that runs this JVM's StaticBF with {@code javaOptions}; the directory is made private. */
    public static DaemonFiles forThisBuild(List<String> javaOptions, Map<String, String> environment)
            throws IOException {
        Digest key = new Digest();
        for (String element : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(element).toAbsolutePath();
            key.add(p.toString());
            if (Files.isRegularFile(p)) {
                key.add(Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis());
            }
        }
        key.add(System.getProperty("java.home") + " " + System.getProperty("java.vm.version"));
        javaOptions.forEach(key::add);
        Path dir = directory(environment);
        ensurePrivate(dir);
        return new DaemonFiles(dir, key.hex().substring(0, 16));
    }

    public Path socket() {
        return dir.resolve(key + ".sock");
    }

    /** Held by the running daemon for as long as it runs: at most one daemon per key. */
    public Path lock() {
        return dir.resolve(key + ".lock");
    }

    /** The daemon's output: its start, its end, and what went wrong. */
    public Path log() {
        return dir.resolve(key + ".log");
    }

    private static Path directory(Map<String, String> environment) {
        String configured = environment.get(DIR_ENVIRONMENT);
        if (configured != null && !configured.isEmpty()) {
            return Path.of(configured).toAbsolutePath();
        }
        String runtime = environment.get("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isEmpty() && Path.of(runtime).isAbsolute()) {
            return Path.of(runtime, "bigfoot-staticbf");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "bigfoot-staticbf-" + System.getProperty("user.name"));
    }

    /**
     * Makes {@code dir} if it is missing; fails unless it is the user's and closed to others (anyone who can reach
     * the socket can make the daemon read and write files as the user).
     */
    private static void ensurePrivate(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PRIVATE));
        }
        try {
            Object owner = Files.getAttribute(dir, "unix:uid");
            Object self = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            if (!owner.equals(self) || !PRIVATE.containsAll(Files.getPosixFilePermissions(dir))) {
                throw new IOException(dir + " is not a directory private to this user");
            }
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            throw new IOException("cannot tell whether " + dir + " is private to this user");
        }
    }
}
