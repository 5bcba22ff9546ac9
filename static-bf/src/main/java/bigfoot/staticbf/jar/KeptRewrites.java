package bigfoot.staticbf.jar;

import bigfoot.staticbf.rewrite.Counts;
import bigfoot.staticbf.rewrite.FieldProxies;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.tool.Diagnostics;
import bigfoot.staticbf.zip.StoredData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;

/**
 * Rewritten classes kept for re-runs, one entry per class: the digest of the placement's answers for its methods
 * ({@code Placement.classDigest}) it was made under, its fit ({@link EncodedFit}: the field checks its rewriting makes,
 * which the field proxy groups are found from) with the warnings fitting it gave, and its rewriting under the proxy
 * groups of its run: its bytes, deflated as the jar stores them (or that it was left unchanged), what its rewriting
 * counted and the warnings it gave. An entry's key is the digest of the class's bytes and of everything else a class's
 * fit and rewriting read but the placement's answers and the proxy groups: StaticBF, the JDK, the classpath and the
 * options ({@code RewriteKey.ofClassRewrites}), and the run's program: every input class's treatment, shape and field accessors
 * (what the class hierarchy answers) and the capsules. So a re-run after one class changed fits and rewrites that
 * class, and those whose placement answers it changed; it rewrites every class again only if the proxy groups changed.
 * Beside them, the proxy groups of the last run of the same program key with the digest of the fits they were found
 * from: a re-run rewrites its classes ahead under them ({@link RewritesAhead}), and takes them as its own if its fits
 * have that digest.
 */
final class KeptRewrites {

    private static final int FORMAT = 5;

    /**
     * A class's fit under the placement answers whose digest is {@code answers} (the fit is null in a run without
     * proxies) and the warnings fitting it gave, and its rewriting under the proxy groups whose digest is
     * {@code proxies}: its new bytes deflated (null if it was left unchanged), counts and warnings.
     */
    record Kept(String answers, EncodedFit fit, List<Diagnostics.Warning> fitWarnings, String proxies,
            StoredData rewritten, Counts counts, List<Diagnostics.Warning> warnings) {
    }

    /**
     * The proxy groups a run found, the digest of the fits it found them from ({@link JarRewriter}: every class's fit,
     * in the jar's order) and the warnings finding them gave (classes the field lookups did not find). Groups and
     * warnings are a function of those fits and of what the run key names (the class hierarchy, the options), so a run
     * of the same key whose fits have that digest has these groups and gives these warnings.
     */
    record Groups(FieldProxies proxies, String fits, List<Diagnostics.Warning> warnings) {
    }

    /** Keeps nothing. */
    static final KeptRewrites NONE = new KeptRewrites(Optional.empty(), "");

    private final Optional<FileStore> store;
    private final String runKey;
    private final Map<InputClass, String> keys = new IdentityHashMap<>();

    /** Entries in {@code store} (which its owner {@link FileStore#finish finishes}) for a run whose key (the options' and the program's) is {@code runKey}. */
    KeptRewrites(Optional<FileStore> store, String runKey) {
        this.store = store;
        this.runKey = runKey;
    }

    boolean keeps() {
        return store.isPresent();
    }

    /** The key of a class's entry. */
    synchronized String key(InputClass c) {
        return keys.computeIfAbsent(c, k -> new Digest().add(runKey).add(c.bytes(), 0, c.bytes().length).hex());
    }

    /** True if {@code c} has an entry, made under whatever placement answers. */
    boolean has(InputClass c) {
        try {
            return store.isPresent() && store.get().has(key(c));
        } catch (IOException e) {
            return false;
        }
    }

    /** The entry of {@code c}, if there is one that can be read. */
    Optional<Kept> entry(InputClass c) {
        if (store.isEmpty()) {
            return Optional.empty();
        }
        return store.get().read(key(c), KeptRewrites::decode); // else the class is rewritten
    }

    /** The proxy groups the last run of this program kept ({@link #keepGroups}), if any. */
    Optional<Groups> groups() {
        return store.flatMap(s -> s.read(groupsKey(), bytes -> {
            Decoder in = new Decoder(bytes);
            if (in.readInt() != FORMAT) {
                throw new Decoder.Malformed("another format");
            }
            String fits = in.readString();
            FieldProxies groups = FieldProxies.decode(in);
            List<Diagnostics.Warning> warnings = readWarnings(in);
            if (!in.atEnd()) {
                throw new Decoder.Malformed("trailing bytes");
            }
            return new Groups(groups, fits, warnings);
        }));
    }

    /**
     * Queues this run's proxy groups to be kept for the next run of this program: written if they or their fits are
     * not those {@code last} ({@link #groups}) read, else that entry counts as written now (eviction keeps the entries
     * written last).
     */
    void keepGroups(Groups groups, Optional<Groups> last) {
        if (store.isEmpty()) {
            return;
        }
        if (last.isPresent() && last.get().fits().equals(groups.fits())
                && last.get().proxies().digest().equals(groups.proxies().digest())
                && last.get().warnings().equals(groups.warnings())) {
            store.get().refreshLater(groupsKey());
        } else {
            Encoder out = new Encoder().writeInt(FORMAT).writeString(groups.fits());
            groups.proxies().encode(out);
            writeWarnings(groups.warnings(), out);
            store.get().writeLater(groupsKey(), out.toByteArray());
        }
    }

    private String groupsKey() {
        return Digest.of("proxy groups", runKey);
    }

    /** Queues {@code kept} to be stored under {@code key} ({@link FileStore#writeLater}: the store's owner waits). */
    void keep(String key, Kept kept) {
        if (store.isEmpty()) {
            return;
        }
        Encoder out = new Encoder().writeInt(FORMAT).writeString(kept.answers()).writeBoolean(kept.fit() != null);
        if (kept.fit() != null) {
            out.writeString(kept.fit().digest()).writeBytes(kept.fit().bytes());
        }
        writeWarnings(kept.fitWarnings(), out);
        out.writeString(kept.proxies()).writeBoolean(kept.rewritten() != null);
        if (kept.rewritten() != null) { // deflated: written to the jar as it is
            out.writeBytes(kept.rewritten().data()).writeInt((int) kept.rewritten().crc())
                    .writeInt((int) kept.rewritten().size());
        }
        kept.counts().encode(out);
        writeWarnings(kept.warnings(), out);
        store.get().writeLater(key, out.toByteArray());
    }

    private static void writeWarnings(List<Diagnostics.Warning> warnings, Encoder out) {
        out.writeInt(warnings.size());
        for (Diagnostics.Warning w : warnings) {
            out.writeBoolean(w.key() != null);
            if (w.key() != null) {
                out.writeString(w.key());
            }
            out.writeString(w.message());
        }
    }

    private static List<Diagnostics.Warning> readWarnings(Decoder in) throws Decoder.Malformed {
        List<Diagnostics.Warning> warnings = new ArrayList<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            String key = in.readBoolean() ? in.readString() : null;
            warnings.add(new Diagnostics.Warning(key, in.readString()));
        }
        return List.copyOf(warnings);
    }

    private static Kept decode(byte[] bytes) throws Decoder.Malformed {
        Decoder in = new Decoder(bytes);
        if (in.readInt() != FORMAT) {
            throw new Decoder.Malformed("another format");
        }
        String answers = in.readString();
        EncodedFit fit = null;
        if (in.readBoolean()) { // decoded only if the run finds the proxy groups again
            String digest = in.readString();
            fit = new EncodedFit(in.readBytes(), digest);
        }
        List<Diagnostics.Warning> fitWarnings = readWarnings(in);
        String proxies = in.readString();
        StoredData rewritten = in.readBoolean()
                ? new StoredData(ZipEntry.DEFLATED, in.readBytes(), in.readInt() & 0xFFFFFFFFL, in.readInt()) : null;
        Counts counts = Counts.decode(in);
        List<Diagnostics.Warning> warnings = readWarnings(in);
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        return new Kept(answers, fit, fitWarnings, proxies, rewritten, counts, warnings);
    }
}
