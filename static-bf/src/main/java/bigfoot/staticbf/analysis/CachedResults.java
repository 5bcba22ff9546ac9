package bigfoot.staticbf.analysis;

import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.tool.Diagnostics;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run's per-method analysis results kept in a {@link MethodCache}, one entry per class, keyed by the run's key, the
 * program's shape (every class's name, supertypes, fields and method signatures, with their flags: what the class
 * hierarchy answers) and the class's bytes. Within an entry, a method's result is reused only if its fingerprint is the
 * one it was computed under: the whole-program facts its analysis reads (the kill set and mod set of each call, which
 * arguments each call keeps, the accesses capsules and read-only tables cover). So a re-run after one class changed
 * analyses that class's methods again, and the methods whose callees' summaries it changed; a change of the program's
 * shape (a field or method added, a flag changed) analyses every method again. Methods that failed are not kept.
 */
final class CachedResults<T> {

    private static final int FORMAT = 1;
    /** The class entries a cache keeps (the ones written last). */
    static final int KEEP = 20_000;

    /** One method's results: what its analysis returned (may be null) and what it recorded beside. */
    record Stored<T>(String fingerprint, T result, Set<Integer> elided, Set<Integer> releaseFree) {
    }

    private final MethodCache cache;
    private final ResultCodec<T> codec;
    /** Per class (internal name), the key of its entry; classes without one are not kept. */
    private final Map<String, String> entryKeys;
    /** What the entries held, per class and method (name + descriptor). */
    private final Map<String, Map<String, Stored<T>>> loaded = new HashMap<>();
    /** What this run has, per class and method: reused and computed. */
    private final Map<String, Map<String, Stored<T>>> now = new ConcurrentHashMap<>();
    /** The classes with a method computed this run: their entries are written. */
    private final Set<String> changed = ConcurrentHashMap.newKeySet();

    private CachedResults(MethodCache cache, ResultCodec<T> codec, Map<String, String> entryKeys) {
        this.cache = cache;
        this.codec = codec;
        this.entryKeys = entryKeys;
    }

    /**
     * The entries of {@code classes} (their internal names and the digests of their bytes) in {@code cache}, for a
     * program of shape {@code shape}; an entry that cannot be read is no entry.
     */
    static <T> CachedResults<T> load(MethodCache cache, String shape, Map<String, String> classDigests,
            ResultCodec<T> codec) {
        Map<String, String> keys = new HashMap<>();
        classDigests.forEach((name, digest) -> keys.put(name, Digest.of(cache.runKey(), shape, name, digest)));
        CachedResults<T> results = new CachedResults<>(cache, codec, keys);
        cache.store().ifPresent(store -> keys.forEach((name, key) -> results.read(store, name, key)));
        return results;
    }

    /** False if there is no cache to keep results in: then nothing is looked up or kept. */
    boolean keeps() {
        return cache.store().isPresent();
    }

    /** The stored results of {@code method}, if they were computed under {@code fingerprint}. */
    Optional<Stored<T>> lookup(MethodKey method, String fingerprint) {
        Stored<T> s = loaded.getOrDefault(method.classInternalName(), Map.of()).get(method.nameAndDescriptor());
        return s != null && s.fingerprint().equals(fingerprint) ? Optional.of(s) : Optional.empty();
    }

    /** Keeps {@code method}'s results, {@code computed} this run or reused. */
    void put(MethodKey method, Stored<T> stored, boolean computed) {
        now.computeIfAbsent(method.classInternalName(), k -> new ConcurrentHashMap<>())
                .put(method.nameAndDescriptor(), stored);
        if (computed) {
            changed.add(method.classInternalName());
        }
    }

    /** Writes the entries of the classes with results computed this run; says once if it cannot. */
    void save(Diagnostics diagnostics) {
        if (cache.store().isEmpty() || changed.isEmpty()) {
            return;
        }
        FileStore store = cache.store().get();
        try {
            for (String name : changed) {
                String key = entryKeys.get(name);
                if (key != null) {
                    store.write(key, encode(now.get(name)));
                }
            }
            store.evict(KEEP);
        } catch (IOException | UncheckedIOException e) {
            diagnostics.warn("cannot keep the analysis results in the cache " + store.directory() + " (" + e
                    + "); the next run analyses those methods again");
        }
    }

    private void read(FileStore store, String name, String key) {
        try {
            Optional<byte[]> bytes = store.read(key);
            if (bytes.isPresent()) {
                loaded.put(name, decode(bytes.get()));
            }
        } catch (IOException | RuntimeException e) {
            // unreadable or from another format: no entry, so its methods are analysed and the entry written again
        }
    }

    private byte[] encode(Map<String, Stored<T>> methods) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(FORMAT);
        out.writeInt(methods.size());
        for (Map.Entry<String, Stored<T>> e : new TreeMap<>(methods).entrySet()) {
            Stored<T> s = e.getValue();
            out.writeUTF(e.getKey());
            out.writeUTF(s.fingerprint());
            out.writeBoolean(s.result() != null);
            if (s.result() != null) {
                codec.write(s.result(), out);
            }
            ResultCodec.writeInts(s.elided(), out);
            ResultCodec.writeInts(s.releaseFree(), out);
        }
        out.flush();
        return bytes.toByteArray();
    }

    private Map<String, Stored<T>> decode(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (in.readInt() != FORMAT) {
            throw new IOException("another format");
        }
        int n = in.readInt();
        Map<String, Stored<T>> methods = new LinkedHashMap<>();
        for (int k = 0; k < n; k++) {
            String method = in.readUTF();
            String fingerprint = in.readUTF();
            T result = in.readBoolean() ? codec.read(in) : null;
            methods.put(method, new Stored<>(fingerprint, result, ResultCodec.readInts(in), ResultCodec.readInts(in)));
        }
        if (in.read() != -1) {
            throw new IOException("trailing bytes");
        }
        return methods;
    }
}
