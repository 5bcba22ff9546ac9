package bigfoot.staticbf.cache;

import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.store.FileStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Rewrites kept for re-runs: under a {@link RewriteKey}, the rewritten jar ({@code <key>.jar}) and what the run said
 * ({@code <key>.txt}: the jar's digest, the summary's counts, the run's timing and its warnings), so a run with the
 * same inputs, options, StaticBF and JDK copies the jar instead of analysing and rewriting again. Files are written
 * to a temporary name and moved into place (the jar first: an entry is complete once its text is there), so two
 * builds sharing the directory never see half an entry; a jar that does not match its digest is a miss. Each store
 * keeps the {@value #MAX_ENTRIES} entries used last (a hit touches its entry).
 */
public final class RewriteCache {

    /** The environment variable that moves the default directory ({@code DIR}) or turns caching off ({@code off}). */
    public static final String ENVIRONMENT = "BIGFOOT_STATICBF_CACHE";
    static final int MAX_ENTRIES = 64;
    private static final String FORMAT = "staticbf-cache 1";

    /** What a cached run said besides its jar: the summary's counts, its timing, its warnings. */
    public record Entry(Path jar, String counts, String timing, List<String> warnings) {
    }

    private final Path dir;

    public RewriteCache(Path dir) {
        this.dir = dir;
    }

    /**
     * The directory the cache is in unless {@code --cache-dir} says otherwise: {@value #ENVIRONMENT} if it names
     * one, else {@code $XDG_CACHE_HOME/bigfoot/staticbf}, else {@code ~/.cache/bigfoot/staticbf}; empty if
     * {@value #ENVIRONMENT} is {@code off}.
     */
    public static Optional<Path> defaultDirectory() {
        String configured = System.getenv(ENVIRONMENT);
        if (configured != null && !configured.isEmpty()) {
            return configured.equals("off") ? Optional.empty() : Optional.of(Path.of(configured));
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isEmpty() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".cache");
        return Optional.of(base.resolve("bigfoot").resolve("staticbf"));
    }

    /** The directory a run with {@code options} uses: none with {@code --no-cache} or when the default is turned off. */
    public static Optional<Path> directory(Options options) {
        if (!options.cache()) {
            return Optional.empty();
        }
        return options.cacheDir() != null ? Optional.of(options.cacheDir()) : defaultDirectory();
    }

    public Path directory() {
        return dir;
    }

    /** The entry stored under {@code key}, if it is complete and its jar matches its digest. */
    public Optional<Entry> lookup(String key) throws IOException {
        Path text = dir.resolve(key + ".txt");
        Path jar = dir.resolve(key + ".jar");
        List<String> lines;
        try {
            lines = Files.readAllLines(text, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (lines.size() < 4 || !lines.get(0).equals(FORMAT) || !Files.isRegularFile(jar)
                || !lines.get(1).equals(RewriteKey.digest(jar))) {
            return Optional.empty();
        }
        Files.setLastModifiedTime(text, FileTime.fromMillis(System.currentTimeMillis()));
        return Optional.of(new Entry(jar, lines.get(2), lines.get(3), List.copyOf(lines.subList(4, lines.size()))));
    }

    /** Stores a copy of {@code jar}, written by a run that said {@code counts}, {@code timing} and {@code warnings}. */
    public void store(String key, Path jar, String counts, String timing, List<String> warnings) throws IOException {
        Files.createDirectories(dir);
        Path stored = dir.resolve(key + ".jar");
        Path temp = Files.createTempFile(dir, key, ".tmp");
        try {
            Files.copy(jar, temp, StandardCopyOption.REPLACE_EXISTING);
            FileStore.move(temp, stored);
            List<String> lines = new ArrayList<>(List.of(FORMAT, RewriteKey.digest(stored), counts, timing));
            lines.addAll(warnings);
            Files.write(temp, lines, StandardCharsets.UTF_8);
            FileStore.move(temp, dir.resolve(key + ".txt"));
        } finally {
            Files.deleteIfExists(temp);
        }
        evict();
    }

    /**
     * Keeps the {@value #MAX_ENTRIES} entries used last (an entry's time is its text's, or its jar's if a build
     * stopped before writing the text): deletes the others' text, then their jar; and temporary files a stopped
     * build left, a day on.
     */
    private void evict() throws IOException {
        List<Path> jars;
        List<Path> stale;
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> all = files.toList();
            jars = all.stream().filter(p -> p.getFileName().toString().endsWith(".jar")).toList();
            stale = all.stream().filter(p -> FileStore.isTemporary(p) && FileStore.isStale(p)).toList();
        }
        for (Path temp : stale) {
            Files.deleteIfExists(temp);
        }
        if (jars.size() <= MAX_ENTRIES) {
            return;
        }
        List<Path> oldestFirst = new ArrayList<>(jars);
        oldestFirst.sort(Comparator.comparing(RewriteCache::used));
        for (Path jar : oldestFirst.subList(0, jars.size() - MAX_ENTRIES)) {
            Files.deleteIfExists(text(jar));
            Files.deleteIfExists(jar);
        }
    }

    /** When the entry of {@code jar} was stored or last reused. */
    private static FileTime used(Path jar) {
        Path text = text(jar);
        return Files.exists(text) ? FileStore.lastModified(text) : FileStore.lastModified(jar);
    }

    private static Path text(Path jar) {
        String name = jar.getFileName().toString();
        return jar.resolveSibling(name.substring(0, name.length() - ".jar".length()) + ".txt");
    }
}
