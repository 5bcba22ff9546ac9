package bigfoot.staticbf.analysis;

import bigfoot.staticbf.bytecode.MethodCodeDigests;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.wala.MethodSummary;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run's per-method results kept in a {@link MethodCache}, one entry per application class, keyed by the run's key,
 * the program's shape (every class's name, supertypes, fields and method signatures, with their flags: what the class
 * hierarchy answers) and the class's name. An entry holds, per method, the digest of its code
 * ({@link MethodCodeDigests}), its {@link MethodSummary} (what the whole-program analyses read of its body: a re-run
 * builds no IR for it) and the result of its analysis; both are reused only for the same code, and the result only
 * under the fingerprint it was computed under: the whole-program facts its analysis reads (the kill set and mod set of
 * each call, which arguments each call keeps, the accesses capsules and read-only tables cover). So a re-run after an
 * edit reads the IRs of the methods whose code changed and analyses them and those whose calls they changed; a change
 * of the program's shape (a field or method added, a flag changed) reads and analyses every method again. Results of
 * methods that failed are not kept.
 */
final class CachedResults {

    private static final int FORMAT = 3;

    /** A method's analysis result ({@code result}: as its codec wrote it) and what its analysis recorded beside. */
    record Result(String fingerprint, byte[] result, Set<Integer> elided, Set<Integer> releaseFree) {
    }

    /** What an entry holds of one method: the digest of its code, and what was read or found for that code. */
    private record Kept(String code, MethodSummary summary, Result result) {
    }

    private final MethodCache cache;
    /** Per class (internal name), the key of its entry; classes without one are not kept. */
    private final Map<String, String> entryKeys;
    /** Per class with an entry key, and method (name + descriptor), the digest of its code in this run. */
    private final Map<String, Map<String, String>> codeDigests;
    /** What the entries held, per class and method (name + descriptor). */
    private final Map<String, Map<String, Kept>> loaded = new HashMap<>();
    /** This run's summaries, per class and method. */
    private final Map<String, Map<String, MethodSummary>> summaries = new HashMap<>();
    /** This run's analysis results, per class and method. */
    private final Map<String, Map<String, Result>> results = new ConcurrentHashMap<>();
    /** The classes with a summary read or a result computed this run: their entries are written. */
    private final Set<String> changed = ConcurrentHashMap.newKeySet();

    private CachedResults(MethodCache cache, Map<String, String> entryKeys, Map<String, Map<String, String>> codeDigests) {
        this.cache = cache;
        this.entryKeys = entryKeys;
        this.codeDigests = codeDigests;
    }

    /**
     * The entries of the classes {@code codeDigests} names (their internal names, and the digests of their methods'
     * code) in {@code cache}, for a program of shape {@code shape}; an entry that cannot be read is no entry.
     */
    static CachedResults load(MethodCache cache, String shape, Map<String, Map<String, String>> codeDigests) {
        Map<String, String> keys = new HashMap<>();
        codeDigests.keySet().forEach(name -> keys.put(name, Digest.of(cache.runKey(), shape, name)));
        CachedResults results = new CachedResults(cache, keys, codeDigests);
        cache.store().ifPresent(store -> keys.forEach((name, key) -> results.read(store, name, key)));
        return results;
    }

    /** False if there is no cache to keep results in: then nothing is looked up or kept. */
    boolean keeps() {
        return cache.store().isPresent();
    }

    /** True if more than three quarters of the classes have an entry: a re-run after a few classes changed. */
    boolean keepsMostClasses() {
        return loaded.size() * 4L > entryKeys.size() * 3L;
    }

    /** The kept summary of {@code method}. */
    Optional<MethodSummary> summary(MethodKey method) {
        return Optional.ofNullable(kept(method)).map(Kept::summary);
    }

    /** True if a result of {@code method} is kept (under some fingerprint). */
    boolean hasResult(MethodKey method) {
        Kept k = kept(method);
        return k != null && k.result() != null;
    }

    /** The kept result of {@code method}, if it was computed under {@code fingerprint}. */
    Optional<Result> result(MethodKey method, String fingerprint) {
        Kept k = kept(method);
        return k != null && k.result() != null && k.result().fingerprint().equals(fingerprint)
                ? Optional.of(k.result()) : Optional.empty();
    }

    /** Keeps {@code method}'s summary, {@code read} from its IR this run or reused. Called on one thread. */
    void summarised(MethodKey method, MethodSummary summary, boolean read) {
        summaries.computeIfAbsent(method.classInternalName(), k -> new HashMap<>())
                .put(method.nameAndDescriptor(), summary);
        if (read) {
            changed.add(method.classInternalName());
        }
    }

    /** Keeps {@code method}'s analysis result, {@code computed} this run or reused. */
    void analysed(MethodKey method, Result result, boolean computed) {
        results.computeIfAbsent(method.classInternalName(), k -> new ConcurrentHashMap<>())
                .put(method.nameAndDescriptor(), result);
        if (computed) {
            changed.add(method.classInternalName());
        }
    }

    /**
     * Queues the entries of the classes with something new this run to be written ({@link FileStore#writeLater}: the
     * store's owner waits for them).
     */
    void save() {
        if (cache.store().isEmpty()) {
            return;
        }
        for (String name : changed) {
            String key = entryKeys.get(name);
            if (key != null && summaries.containsKey(name)) {
                cache.store().get().writeLater(key, encode(codeDigests.get(name), summaries.get(name),
                        results.getOrDefault(name, Map.of())));
            }
        }
    }

    /** What the class's entry holds of {@code method}, if it was kept for the code the method has now. */
    private Kept kept(MethodKey method) {
        Kept k = loaded.getOrDefault(method.classInternalName(), Map.of()).get(method.nameAndDescriptor());
        return k != null && k.code().equals(code(method)) ? k : null;
    }

    private String code(MethodKey method) {
        return codeDigests.getOrDefault(method.classInternalName(), Map.of()).get(method.nameAndDescriptor());
    }

    private void read(FileStore store, String name, String key) {
        try {
            Optional<byte[]> bytes = store.read(key);
            if (bytes.isPresent()) {
                loaded.put(name, decode(bytes.get()));
            }
        } catch (IOException | RuntimeException | Decoder.Malformed e) {
            // unreadable, damaged or from another format: no entry, so its methods are read and analysed again
        }
    }

    /** A class's entry: its methods' code digests, summaries and, where this run has one, results. */
    private static byte[] encode(Map<String, String> code, Map<String, MethodSummary> summaries,
            Map<String, Result> results) {
        Encoder out = new Encoder().writeInt(FORMAT).writeInt(summaries.size());
        for (Map.Entry<String, MethodSummary> e : new TreeMap<>(summaries).entrySet()) {
            out.writeString(e.getKey()).writeString(code.getOrDefault(e.getKey(), ""));
            e.getValue().encode(out);
            Result r = results.get(e.getKey());
            out.writeBoolean(r != null);
            if (r != null) {
                out.writeString(r.fingerprint()).writeBytes(r.result());
                ResultCodec.writeInts(r.elided(), out);
                ResultCodec.writeInts(r.releaseFree(), out);
            }
        }
        return out.toByteArray();
    }

    private static Map<String, Kept> decode(byte[] bytes) throws Decoder.Malformed {
        Decoder in = new Decoder(bytes);
        if (in.readInt() != FORMAT) {
            throw new Decoder.Malformed("another format");
        }
        int n = in.readInt();
        Map<String, Kept> methods = new LinkedHashMap<>();
        for (int k = 0; k < n; k++) {
            String method = in.readString();
            String code = in.readString();
            MethodSummary summary = MethodSummary.decode(in);
            Result result = in.readBoolean() ? new Result(in.readString(), in.readBytes(), ResultCodec.readInts(in),
                    ResultCodec.readInts(in)) : null;
            methods.put(method, new Kept(code, summary, result));
        }
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        return methods;
    }
}
