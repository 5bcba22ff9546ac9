package bigfoot.staticbf.analysis;

import bigfoot.staticbf.bytecode.MethodCodeDigests;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.wala.MethodSummary;
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

    private static final int FORMAT = 5;

    /** A method's analysis result ({@code result}: as its codec wrote it) and what its analysis recorded beside. */
    record Result(String fingerprint, byte[] result, Set<Integer> elided, Set<Integer> releaseFree) {
    }

    /**
     * What an entry holds of one method: the digest of its code, and what was read or found for that code: its summary
     * (as encoded, and its digest) and its result. The summary is decoded at the first need: a re-run whose call facts
     * are kept reads few.
     */
    private static final class Kept {
        final String code;
        final String summaryDigest;
        final byte[] encodedSummary;
        final Result result;
        /** The decoded summary, once asked for; empty if it cannot be decoded. */
        private Optional<MethodSummary> summary;

        Kept(String code, String summaryDigest, byte[] encodedSummary, Result result) {
            this.code = code;
            this.summaryDigest = summaryDigest;
            this.encodedSummary = encodedSummary;
            this.result = result;
        }

        synchronized Optional<MethodSummary> summary() {
            if (summary == null) {
                try {
                    Decoder in = new Decoder(encodedSummary);
                    MethodSummary s = MethodSummary.decode(in);
                    summary = in.atEnd() ? Optional.of(s) : Optional.empty();
                } catch (Decoder.Malformed | RuntimeException e) {
                    summary = Optional.empty(); // damaged: read from the IR again
                }
            }
            return summary;
        }
    }

    /**
     * A method's summary this run: a kept one (not decoded for this), or one read from its IR, encoded and digested at
     * the first need (the class's entry, the call facts' key and the call graph each ask).
     */
    private static final class Summarised {
        final Kept kept;
        final MethodSummary read;
        private byte[] encoded;
        private String digest;

        Summarised(Kept kept, MethodSummary read) {
            this.kept = kept;
            this.read = read;
        }

        synchronized byte[] encoded() {
            if (encoded == null) {
                encoded = kept != null ? kept.encodedSummary : encode(read);
            }
            return encoded;
        }

        synchronized String digest() {
            if (digest == null) {
                digest = kept != null ? kept.summaryDigest : CachedResults.digest(encoded());
            }
            return digest;
        }
    }

    /** A class's entry: the digest of the class file it was written for, and its methods (name + descriptor). */
    private record Entry(String classDigest, Map<String, Kept> methods) {
    }

    private final MethodCache cache;
    /** Per class (internal name), the key of its entry; classes without one are not kept. */
    private final Map<String, String> entryKeys;
    /** Per class with an entry key, its class file. */
    private final Map<String, byte[]> classFiles;
    /** What the entries held, per class. */
    private final Map<String, Entry> loaded = new HashMap<>();
    /**
     * Per class, the digests of its methods' code, made at the first request: an entry's, if it was written for the
     * same class file; else read from the class file ({@link MethodCodeDigests}; empty if ASM cannot read it).
     */
    private final Map<String, Optional<Map<String, String>>> codeDigests = new ConcurrentHashMap<>();
    /** This run's summaries, per class and method. */
    private final Map<String, Map<String, Summarised>> summaries = new HashMap<>();
    /** This run's analysis results, per class and method. */
    private final Map<String, Map<String, Result>> results = new ConcurrentHashMap<>();
    /** The classes with a summary read or a result computed this run: their entries are written. */
    private final Set<String> changed = ConcurrentHashMap.newKeySet();

    private CachedResults(MethodCache cache, Map<String, String> entryKeys, Map<String, byte[]> classFiles) {
        this.cache = cache;
        this.entryKeys = entryKeys;
        this.classFiles = classFiles;
    }

    /**
     * The entries of the classes {@code classFiles} names (their internal names and class files) in {@code cache},
     * for a program of shape {@code shape}; an entry that cannot be read is no entry.
     */
    static CachedResults load(MethodCache cache, String shape, Map<String, byte[]> classFiles) {
        Map<String, String> keys = new HashMap<>();
        classFiles.keySet().forEach(name -> keys.put(name, Digest.of(cache.runKey(), shape, name)));
        CachedResults results = new CachedResults(cache, keys, classFiles);
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
        Kept k = kept(method);
        return k == null ? Optional.empty() : k.summary();
    }

    /**
     * Takes the kept summary of {@code method} as its summary this run (without decoding it) and returns true, if its
     * entry kept one for the code it has now. Called on one thread.
     */
    boolean reuseSummary(MethodKey method) {
        Kept k = kept(method);
        if (k != null) {
            summaries.computeIfAbsent(method.classInternalName(), c -> new HashMap<>())
                    .put(method.nameAndDescriptor(), new Summarised(k, null));
        }
        return k != null;
    }

    /** The digest of {@code method}'s summary this run ({@link #reuseSummary}, {@link #summarised}). */
    String summaryDigest(MethodKey method) {
        return summaries.get(method.classInternalName()).get(method.nameAndDescriptor()).digest();
    }

    /** True if a result of {@code method} is kept (under some fingerprint). */
    boolean hasResult(MethodKey method) {
        Kept k = kept(method);
        return k != null && k.result != null;
    }

    /** The kept result of {@code method}, if it was computed under {@code fingerprint}. */
    Optional<Result> result(MethodKey method, String fingerprint) {
        Kept k = kept(method);
        return k != null && k.result != null && k.result.fingerprint().equals(fingerprint)
                ? Optional.of(k.result) : Optional.empty();
    }

    /**
     * Notes that the analysis lists {@code className} among the application's classes: its entry is written even if
     * it has no method with code (an interface), so that a later run finds every class's methods in the entries
     * ({@link #everyMethod}). Called on one thread.
     */
    void listed(String className) {
        if (!loaded.containsKey(className)) {
            summaries.computeIfAbsent(className, k -> new HashMap<>());
            changed.add(className);
        }
    }

    /**
     * Every method's kept result, if each class of the program has an entry that holds each of the class's methods for
     * the code it has now, with a result; else empty (the program's classes are those {@link #load} was given: a run
     * that asks must know them to be all the analysis would list).
     */
    Optional<Map<MethodKey, Result>> everyMethod() {
        Map<MethodKey, Result> all = new HashMap<>();
        for (String className : entryKeys.keySet()) {
            Entry e = loaded.get(className);
            if (e == null) {
                return Optional.empty();
            }
            // the entry holds the methods the analysis lists (not the abstract and native ones): the program's shape,
            // in its key, fixes them; each must have the code it was kept for
            for (String method : e.methods().keySet()) {
                MethodKey key = new MethodKey(className, method);
                Kept k = kept(key);
                if (k == null || k.result == null || !reuseSummary(key)) {
                    return Optional.empty();
                }
                all.put(key, k.result);
            }
        }
        return Optional.of(all);
    }

    /** Keeps {@code method}'s summary, read from its IR this run: its class's entry is written again. Called on one thread. */
    void summarised(MethodKey method, MethodSummary summary) {
        summaries.computeIfAbsent(method.classInternalName(), k -> new HashMap<>())
                .put(method.nameAndDescriptor(), new Summarised(null, summary));
        changed.add(method.classInternalName());
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
            if (key != null && summaries.containsKey(name) && codes(name).isPresent()) {
                cache.store().get().writeLater(() -> new FileStore.Entry(key, encode(name)));
            }
        }
    }

    /** What the class's entry holds of {@code method}, if it was kept for the code the method has now. */
    private Kept kept(MethodKey method) {
        Entry e = loaded.get(method.classInternalName());
        Kept k = e == null ? null : e.methods().get(method.nameAndDescriptor());
        if (k == null) {
            return null; // a class without an entry has its code read when its entry is made, on the store's thread
        }
        return k.code.equals(codes(method.classInternalName()).map(c -> c.get(method.nameAndDescriptor())).orElse(null))
                ? k : null;
    }

    private Optional<Map<String, String>> codes(String className) {
        return codeDigests.computeIfAbsent(className, name -> {
            Entry e = loaded.get(name);
            byte[] file = classFiles.get(name);
            if (e != null && e.classDigest().equals(digest(file))) {
                Map<String, String> codes = new HashMap<>();
                e.methods().forEach((method, k) -> codes.put(method, k.code));
                return Optional.of(codes);
            }
            try {
                return Optional.of(MethodCodeDigests.of(file));
            } catch (RuntimeException unreadable) {
                return Optional.empty(); // WALA cannot read it either: nothing kept
            }
        });
    }

    private static String digest(byte[] bytes) {
        return bytes == null ? "" : new Digest().add(bytes, 0, bytes.length).hex();
    }

    private static byte[] encode(MethodSummary summary) {
        Encoder out = new Encoder();
        summary.encode(out);
        return out.toByteArray();
    }

    private void read(FileStore store, String name, String key) {
        // unreadable, damaged or from another format: no entry, so its methods are read and analysed again
        store.read(key, CachedResults::decode).ifPresent(entry -> loaded.put(name, entry));
    }

    /** A class's entry: its class file's digest, and its methods' code digests, summaries and (where kept) results. */
    private byte[] encode(String className) {
        Map<String, String> code = codes(className).orElseThrow();
        Map<String, Result> classResults = results.getOrDefault(className, Map.of());
        Map<String, Summarised> classSummaries = new TreeMap<>(summaries.get(className));
        Encoder out = new Encoder().writeInt(FORMAT).writeString(digest(classFiles.get(className)))
                .writeInt(classSummaries.size());
        classSummaries.forEach((method, summarised) -> {
            out.writeString(method).writeString(code.getOrDefault(method, "")).writeString(summarised.digest())
                    .writeBytes(summarised.encoded());
            Result r = classResults.get(method);
            out.writeBoolean(r != null);
            if (r != null) {
                out.writeString(r.fingerprint()).writeBytes(r.result());
                ResultCodec.writeInts(r.elided(), out);
                ResultCodec.writeInts(r.releaseFree(), out);
            }
        });
        return out.toByteArray();
    }

    private static Entry decode(byte[] bytes) throws Decoder.Malformed {
        Decoder in = new Decoder(bytes);
        if (in.readInt() != FORMAT) {
            throw new Decoder.Malformed("another format");
        }
        String classDigest = in.readString();
        int n = in.readInt();
        Map<String, Kept> methods = new LinkedHashMap<>();
        for (int k = 0; k < n; k++) {
            String method = in.readString();
            String code = in.readString();
            String summaryDigest = in.readString();
            byte[] summary = in.readBytes();
            Result result = in.readBoolean() ? new Result(in.readString(), in.readBytes(), ResultCodec.readInts(in),
                    ResultCodec.readInts(in)) : null;
            methods.put(method, new Kept(code, summaryDigest, summary, result));
        }
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        return new Entry(classDigest, methods);
    }
}
