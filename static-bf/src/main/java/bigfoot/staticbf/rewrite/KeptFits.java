package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.placement.MethodPlan.Bounds;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.store.FileStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Classes' parts of the {@link ProgramFit} kept for re-runs, one entry per class: its methods' fits and its field
 * checks. An entry's key is the digest of the class's bytes, of the placement's answers for its methods
 * ({@code Placement.classDigest}) and of StaticBF, the JDK, the classpath and the options
 * ({@code RewriteKey.ofClassRewrites}): a fit reads the class's code, its field accessors and the placement's plans and
 * elided accesses for it, nothing of the other classes. So a re-run parses and fits only the classes that changed or
 * whose placement did, where the field proxies need every class's field checks.
 */
public final class KeptFits {

    private static final int FORMAT = 1;

    /** Keeps nothing. */
    public static final KeptFits NONE = new KeptFits(Optional.empty(), "");

    private final Optional<FileStore> store;
    private final String runKey;

    /** Entries in {@code store} (which its owner {@link FileStore#finish finishes}) for a run of key {@code runKey}. */
    public KeptFits(Optional<FileStore> store, String runKey) {
        this.store = store;
        this.runKey = runKey;
    }

    boolean keeps() {
        return store.isPresent();
    }

    /** The key of a class's entry: its bytes and the placement's answers for it ({@code placementDigest}). */
    String key(byte[] classBytes, String placementDigest) {
        return new Digest().add(runKey).add(placementDigest).add(classBytes, 0, classBytes.length).hex();
    }

    /** The entry under {@code key}, if there is one that can be read. */
    Optional<ProgramFit.ClassFit> lookup(String key) {
        try {
            Optional<byte[]> bytes = store.isPresent() ? store.get().read(key) : Optional.empty();
            return bytes.isEmpty() ? Optional.empty() : Optional.of(decode(bytes.get()));
        } catch (IOException | RuntimeException | Decoder.Malformed e) {
            return Optional.empty(); // unreadable, damaged or from another format: the class is fitted again
        }
    }

    /** Queues {@code fit} to be stored under {@code key} ({@link FileStore#writeLater}: the store's owner waits). */
    void keep(String key, ProgramFit.ClassFit fit) {
        if (store.isEmpty()) {
            return;
        }
        Encoder out = new Encoder().writeInt(FORMAT).writeInt(fit.methods().size());
        fit.methods().forEach((method, kind) -> out.writeString(method).writeInt(kind.ordinal()));
        out.writeInt(fit.fieldChecks().size());
        for (ProgramFit.FieldCheck c : fit.fieldChecks()) {
            out.writeString(c.point()).writeString(c.owner()).writeString(c.name()).writeString(c.descriptor())
                    .writeInt(c.object()).writeBoolean(c.write());
            Bounds.write(c.ranIf(), out);
        }
        store.get().writeLater(key, out.toByteArray());
    }

    private static ProgramFit.ClassFit decode(byte[] bytes) throws Decoder.Malformed {
        Decoder in = new Decoder(bytes);
        if (in.readInt() != FORMAT) {
            throw new Decoder.Malformed("another format");
        }
        Map<String, PlanFit.Kind> methods = new LinkedHashMap<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            String method = in.readString();
            int kind = in.readInt();
            if (kind < 0 || kind >= PlanFit.Kind.values().length) {
                throw new Decoder.Malformed("no fit " + kind);
            }
            methods.put(method, PlanFit.Kind.values()[kind]);
        }
        List<ProgramFit.FieldCheck> checks = new ArrayList<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            String point = in.readString();
            String owner = in.readString();
            String name = in.readString();
            String descriptor = in.readString();
            int object = in.readInt();
            boolean write = in.readBoolean();
            checks.add(new ProgramFit.FieldCheck(point, owner, name, descriptor, object, Bounds.read(in), write));
        }
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        return new ProgramFit.ClassFit(methods, List.copyOf(checks));
    }
}
