package bigfoot.staticbf.analysis;

import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.wala.CallKills;
import bigfoot.staticbf.wala.KillSet;
import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The whole-program facts the per-method analyses read at each call of an application method, its kill set ([Call])
 * and what it may write (MOD-SET), kept from the run that computed them. They are a function of the class hierarchy
 * and of what every analysed method's body does (its summary): a run whose StaticBF, JDK, classpath, mode, elision,
 * program shape and application summaries are an earlier run's ({@link #key}) reads them instead of resolving every
 * call's targets and solving the two fixed points again. That is a re-run after an edit that changed methods' bodies
 * but none of their calls, synchronisation or stores.
 */
final class KeptCallFacts {

    private static final int FORMAT = 1;

    /**
     * One call of a method: its program counter, its kill set and what it may write (null where the mod sets were not
     * computed); {@code site} is the call itself where the facts were computed this run, null where they were kept.
     */
    record Site(int pc, KillSet kills, HeapWrites writes, CallSiteReference site) {
    }

    /** Per method, its calls by program counter, in the order its IR lists them. */
    private final Map<MethodKey, Map<Integer, Site>> byKey;
    private final boolean hasWrites;
    /** {@link #byKey} by WALA's method (a method's key is made of strings WALA makes anew at each request). */
    private final Map<IMethod, Map<Integer, Site>> byMethod = new ConcurrentHashMap<>();

    private KeptCallFacts(Map<MethodKey, Map<Integer, Site>> byKey, boolean hasWrites) {
        this.byKey = byKey;
        this.hasWrites = hasWrites;
    }

    /**
     * The key of the facts of a program: {@code runKey} (StaticBF, the JDK, the classpath, mode and elision), the
     * program's {@code shape} and the digest of its application methods' summaries.
     */
    static String key(String runKey, String shape, String summaries) {
        return Digest.of("call facts", runKey, shape, summaries);
    }

    /** The facts kept under {@code key}, if an entry holds them whole. */
    static Optional<KeptCallFacts> read(FileStore store, String key) {
        return store.read(key, KeptCallFacts::decode);
    }

    /** The facts of {@code methods}, whose calls {@code sites} gives. */
    static KeptCallFacts of(List<IMethod> methods, Function<IMethod, List<Site>> sites) {
        Map<MethodKey, List<Site>> byKey = new LinkedHashMap<>();
        methods.forEach(m -> byKey.put(MethodKey.of(m), sites.apply(m)));
        return of(byKey);
    }

    /** The facts of the application methods {@code byKey} names, with their calls in IR order. */
    static KeptCallFacts of(Map<MethodKey, List<Site>> byKey) {
        Map<MethodKey, Map<Integer, Site>> calls = new LinkedHashMap<>();
        boolean hasWrites = true;
        for (Map.Entry<MethodKey, List<Site>> e : byKey.entrySet()) {
            Map<Integer, Site> byPc = new LinkedHashMap<>();
            for (Site s : e.getValue()) {
                byPc.put(s.pc(), s);
                hasWrites &= s.writes() != null;
            }
            calls.put(e.getKey(), byPc);
        }
        return new KeptCallFacts(calls, hasWrites);
    }

    /** True if every call has what it may write (the run that computed them asked for the mod sets). */
    boolean hasWrites() {
        return hasWrites;
    }

    /** The calls of the application method {@code key} names, in IR order, if it is one. */
    Optional<List<Site>> sites(MethodKey key) {
        return Optional.ofNullable(byKey.get(key)).map(calls -> List.copyOf(calls.values()));
    }

    /** The kill sets of the calls. */
    CallKills kills() {
        return (caller, site) -> at(caller, site).kills();
    }

    /** What the calls may write (where {@link #hasWrites}). */
    ProgramWrites writes() {
        return (caller, site) -> at(caller, site).writes();
    }

    private Site at(IMethod caller, CallSiteReference site) {
        Site s = calls(caller).get(site.getProgramCounter());
        if (s == null) {
            throw new IllegalArgumentException("no call " + site + " in " + caller.getSignature());
        }
        return s;
    }

    private Map<Integer, Site> calls(IMethod method) {
        return byMethod.computeIfAbsent(method, m -> {
            Map<Integer, Site> calls = byKey.get(MethodKey.of(m));
            if (calls == null) {
                throw new IllegalArgumentException("not an application method: " + m.getSignature());
            }
            return calls;
        });
    }

    /** The entry {@link #read} reads: each distinct write set once, then each method's calls. */
    byte[] encode() {
        Encoder out = new Encoder().writeInt(FORMAT).writeBoolean(hasWrites);
        WritesTable table = new WritesTable();
        byKey.values().forEach(calls -> calls.values().stream().filter(s -> s.writes() != null)
                .forEach(s -> table.add(s.writes())));
        table.encode(out);
        out.writeInt(byKey.size());
        byKey.forEach((key, calls) -> {
            out.writeString(key.classInternalName()).writeString(key.nameAndDescriptor()).writeInt(calls.size());
            for (Site s : calls.values()) {
                out.writeInt(s.pc()).writeInt(s.kills().ordinal())
                        .writeInt(s.writes() == null ? -1 : table.indexOf(s.writes()));
            }
        });
        return out.toByteArray();
    }

    private static KeptCallFacts decode(byte[] bytes) throws Decoder.Malformed {
        Decoder in = new Decoder(bytes);
        if (in.readInt() != FORMAT) {
            throw new Decoder.Malformed("another format");
        }
        boolean hasWrites = in.readBoolean();
        List<HeapWrites> table = WritesTable.decode(in);
        Map<MethodKey, Map<Integer, Site>> byKey = new HashMap<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            MethodKey key = new MethodKey(in.readString(), in.readString());
            Map<Integer, Site> calls = new LinkedHashMap<>();
            for (int c = in.readInt(), j = 0; j < c; j++) {
                int pc = in.readInt();
                KillSet kills = killSet(in.readInt());
                int writes = in.readInt();
                if (hasWrites && writes < 0) {
                    throw new Decoder.Malformed("no write set");
                }
                calls.put(pc, new Site(pc, kills, writes < 0 ? null : WritesTable.at(table, writes), null));
            }
            byKey.put(key, calls);
        }
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        return new KeptCallFacts(byKey, hasWrites);
    }

    /** The kill set with ordinal {@code ordinal}. */
    static KillSet killSet(int ordinal) throws Decoder.Malformed {
        if (ordinal < 0 || ordinal >= KillSet.values().length) {
            throw new Decoder.Malformed("no kill set " + ordinal);
        }
        return KillSet.values()[ordinal];
    }
}
