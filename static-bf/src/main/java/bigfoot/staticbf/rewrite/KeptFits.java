package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.placement.MethodPlan.Bounds;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.store.FileStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The classes' parts of a {@link ProgramFit} kept for re-runs: its methods' fits and its field checks, per class, in one
 * entry per program (a file costs this machine's disk about 1.5 ms of system time to create: one per class made a
 * first run of lucene-core 0.8 s slower). A class's part is found by the digest of the class's bytes, of the
 * placement's answers for its methods ({@code Placement.classDigest}) and of StaticBF, the JDK, the classpath and the
 * options ({@code RewriteKey.ofClassRewrites}): a fit reads the class's code, its field accessors and the placement's
 * plans and elided accesses for it, nothing of the other classes. So a re-run parses and fits only the classes that
 * changed or whose placement did, where the field proxies need every class's field checks. The entry is the program's
 * (its key names the input jar's path besides the options), written again by a run that fitted a class.
 */
public final class KeptFits {

    private static final int FORMAT = 3;

    /** Keeps nothing. */
    public static final KeptFits NONE = new KeptFits(Optional.empty(), "", "");

    private final Optional<FileStore> store;
    private final String runKey;
    /** The key of the program's entry. */
    private final String entryKey;
    /** What the program's entry held, read at the first lookup. */
    private Map<String, ProgramFit.ClassFit> kept;
    /** This run's classes' parts, by key, in the order they were asked for. */
    private final Map<String, ProgramFit.ClassFit> thisRun = new LinkedHashMap<>();
    private boolean fitted;

    /**
     * Entries in {@code store} (which its owner {@link FileStore#finish finishes}) for a run of key {@code runKey} on
     * {@code program} (the input jar).
     */
    public KeptFits(Optional<FileStore> store, String runKey, String program) {
        this.store = store;
        this.runKey = runKey;
        this.entryKey = Digest.of("fits", runKey, program);
    }

    boolean keeps() {
        return store.isPresent();
    }

    /** The key of a class's part: its bytes and the placement's answers for it ({@code placementDigest}). */
    String key(byte[] classBytes, String placementDigest) {
        return new Digest().add(runKey).add(placementDigest).add(classBytes, 0, classBytes.length).hex();
    }

    /** The part kept under {@code key}, if the program's entry has it. */
    Optional<ProgramFit.ClassFit> lookup(String key) {
        if (kept == null) {
            kept = read();
        }
        ProgramFit.ClassFit fit = kept.get(key);
        if (fit != null) {
            thisRun.put(key, fit);
        }
        return Optional.ofNullable(fit);
    }

    /** Keeps {@code fit}, made this run, under {@code key}. */
    void keep(String key, ProgramFit.ClassFit fit) {
        thisRun.put(key, fit);
        fitted = true;
    }

    /** Queues the program's entry to be written if this run fitted a class ({@link FileStore#writeLater}). */
    void save() {
        if (store.isPresent() && fitted) {
            Map<String, ProgramFit.ClassFit> parts = Map.copyOf(thisRun);
            store.get().writeLater(() -> new FileStore.Entry(entryKey, encode(parts)));
        }
    }

    private Map<String, ProgramFit.ClassFit> read() {
        try {
            Optional<byte[]> bytes = store.isPresent() ? store.get().read(entryKey) : Optional.empty();
            return bytes.isEmpty() ? Map.of() : decode(bytes.get());
        } catch (IOException | RuntimeException | Decoder.Malformed e) {
            return Map.of(); // unreadable, damaged or from another format: every class is fitted again
        }
    }

    /** The entry: its strings once each (a class's points repeat its methods' names), then the parts by index. */
    private static byte[] encode(Map<String, ProgramFit.ClassFit> parts) {
        Map<String, Integer> strings = new LinkedHashMap<>();
        Encoder body = new Encoder();
        parts.forEach((key, fit) -> {
            body.writeInt(index(key, strings)).writeInt(fit.methods().size());
            fit.methods().forEach((method, kind) -> body.writeInt(index(method, strings)).writeInt(kind.ordinal()));
            body.writeInt(fit.fieldChecks().size());
            for (ProgramFit.FieldCheck c : fit.fieldChecks()) {
                body.writeInt(index(c.point(), strings)).writeInt(index(c.owner(), strings))
                        .writeInt(index(c.name(), strings)).writeInt(index(c.descriptor(), strings))
                        .writeInt(c.object()).writeBoolean(c.write());
                Bounds.write(c.ranIf(), body);
            }
        });
        Encoder out = new Encoder().writeInt(FORMAT).writeInt(strings.size());
        strings.keySet().forEach(out::writeString);
        return out.writeInt(parts.size()).writeBytes(body.toByteArray()).toByteArray();
    }

    private static int index(String s, Map<String, Integer> strings) {
        return strings.computeIfAbsent(s, k -> strings.size());
    }

    private static Map<String, ProgramFit.ClassFit> decode(byte[] bytes) throws Decoder.Malformed {
        Decoder head = new Decoder(bytes);
        if (head.readInt() != FORMAT) {
            throw new Decoder.Malformed("another format");
        }
        String[] strings = new String[head.readInt()];
        for (int k = 0; k < strings.length; k++) {
            strings[k] = head.readString();
        }
        int count = head.readInt();
        Decoder in = new Decoder(head.readBytes());
        if (!head.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        Map<String, ProgramFit.ClassFit> parts = new HashMap<>();
        for (int i = 0; i < count; i++) {
            String key = string(in, strings);
            Map<String, PlanFit.Kind> methods = new LinkedHashMap<>();
            for (int n = in.readInt(), k = 0; k < n; k++) {
                String method = string(in, strings);
                int kind = in.readInt();
                if (kind < 0 || kind >= PlanFit.Kind.values().length) {
                    throw new Decoder.Malformed("no fit " + kind);
                }
                methods.put(method, PlanFit.Kind.values()[kind]);
            }
            List<ProgramFit.FieldCheck> checks = new ArrayList<>();
            for (int n = in.readInt(), k = 0; k < n; k++) {
                String point = string(in, strings);
                String owner = string(in, strings);
                String name = string(in, strings);
                String descriptor = string(in, strings);
                int object = in.readInt();
                boolean write = in.readBoolean();
                checks.add(new ProgramFit.FieldCheck(point, owner, name, descriptor, object, Bounds.read(in), write));
            }
            parts.put(key, new ProgramFit.ClassFit(methods, List.copyOf(checks)));
        }
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        return parts;
    }

    private static String string(Decoder in, String[] strings) throws Decoder.Malformed {
        int k = in.readInt();
        if (k < 0 || k >= strings.length) {
            throw new Decoder.Malformed("no string " + k);
        }
        return strings[k];
    }
}
