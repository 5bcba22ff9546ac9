package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.capsule.Capsules;
import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Encoder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;

/** What a run did: classes by outcome, runtime calls emitted per entry point, methods left unchanged. */
public final class Counts {

    /** What an access site touches: an array element, an instance field, a static field. */
    public enum SiteKind { ARRAY, FIELD, STATIC }

    /**
     * What covers an access site, as the BigFoot dissertation's Table 5.1 sorts sites (statically here): an
     * activation's access to its capsule's own field (CAP) or protected array (capsule-protected), checked by the
     * stretch checks; an own field of another object, checked on its capsule location where the placement puts a
     * check; an access {@code --elide} leaves unchecked; every other access, whose check the placement puts.
     */
    public enum SiteCategory { CAPSULE, PROTECTED, CAPSULE_LOCATION, ELIDED, PLACED }

    private final Map<String, Integer> calls = new LinkedHashMap<>();
    private final int[][] categorised = new int[SiteKind.values().length][SiteCategory.values().length];
    private int classesRewritten;
    private int classesUnchanged;
    private int classesSkipped;
    private int classesAlreadyInstrumented;
    /** Of the classes rewritten or unchanged, those whose rewriting a cache kept from an earlier run. */
    private int classesReused;
    private int methodsTooLarge;
    private int sites;
    private int checksMoved;
    private int checksCovered;
    private int checksElided;
    private int capsuleAccesses;
    private int capsuleClasses;
    private int capsuleHandOffs;
    private int accesses;
    private int commitChecks;
    private AnalysisStatistics analysis;
    private int proxyGroups;
    private int proxiedFields;
    private int asymmetricGroups;

    public Counts() {
        for (RuntimeApi.Entry e : RuntimeApi.ALL) {
            calls.put(e.name(), 0);
        }
    }

    /** Counts the calls into the runtime among {@code inserted}. */
    void countRuntimeCalls(InsnList inserted) {
        for (AbstractInsnNode insn : inserted) {
            if (insn instanceof MethodInsnNode call && call.getOpcode() == Opcodes.INVOKESTATIC
                    && RuntimeApi.RT.equals(call.owner)) {
                calls.merge(call.name, 1, Integer::sum);
            }
        }
    }

    /** Takes back {@code n} counted calls of {@code entry} the rewriter removed again. */
    void uncount(RuntimeApi.Entry entry, int n) {
        calls.merge(entry.name(), -n, Integer::sum);
    }

    void sites(int n) {
        sites += n;
    }

    /** A field or array access whose check the placement decides; {@code category}: ELIDED, CAPSULE_LOCATION, PLACED. */
    void access(SiteKind kind, SiteCategory category) {
        accesses++;
        categorised[kind.ordinal()][category.ordinal()]++;
    }

    /** Checks emitted in handlers that run only when an exception leaves a method. */
    void commitChecks(int n) {
        commitChecks += n;
    }

    public int commitChecks() {
        return commitChecks;
    }

    /** The fields that share a shadow ({@link FieldProxies}). */
    public void proxies(FieldProxies proxies) {
        proxyGroups = proxies.groups().size();
        proxiedFields = proxies.groups().stream().mapToInt(g -> g.fields().size()).sum();
        asymmetricGroups = (int) proxies.groups().stream().filter(g -> !g.symmetric()).count();
    }

    public int asymmetricGroups() {
        return asymmetricGroups;
    }

    public int proxyGroups() {
        return proxyGroups;
    }

    public int proxiedFields() {
        return proxiedFields;
    }

    /** What the placement's analysis cost. */
    public void analysis(AnalysisStatistics statistics) {
        analysis = statistics;
    }

    public Optional<AnalysisStatistics> analysis() {
        return Optional.ofNullable(analysis);
    }

    /** Field and array accesses whose checks the placement decided (foreign fields excluded). */
    public int accesses() {
        return accesses;
    }

    /** An access whose check the placement runs at another point (later, or on a loop's exit as a range). */
    void checkMoved() {
        checksMoved++;
    }

    /** An access the placement leaves to another check of its location (an earlier one, or one it merged into). */
    void checkCovered() {
        checksCovered++;
    }

    /** An access that gets no check at all: its object cannot have reached another thread yet ({@code --elide}). */
    void checkElided() {
        checksElided++;
    }

    /**
     * An access to a capsule's own field or protected array ({@code element}), which the activation's capsule check
     * covers ({@code --capsules}).
     */
    void capsuleAccess(boolean element) {
        accesses++;
        capsuleAccesses++;
        categorised[(element ? SiteKind.ARRAY : SiteKind.FIELD).ordinal()]
                [(element ? SiteCategory.PROTECTED : SiteCategory.CAPSULE).ordinal()]++;
    }

    /** A call on {@code this} that hands the activation's capsule check to the one it calls. */
    void capsuleHandOff() {
        capsuleHandOffs++;
    }

    /**
     * The accesses of a class left unchanged (each one elided, none checked), without the runtime calls its discarded
     * rewrite counted.
     */
    Counts accessesOnly() {
        Counts c = new Counts();
        c.accesses = accesses;
        c.checksElided = checksElided;
        for (int k = 0; k < categorised.length; k++) {
            c.categorised[k] = categorised[k].clone();
        }
        return c;
    }

    /**
     * Writes what the rewriting of one class counted (what {@link #add} adds up; not the run's totals of classes,
     * capsules, proxies and analysis), for {@link #decode}.
     */
    public void encode(Encoder out) {
        Map<String, Integer> made = new TreeMap<>();
        calls.forEach((name, n) -> {
            if (n != 0) {
                made.put(name, n);
            }
        });
        out.writeInt(made.size());
        made.forEach((name, n) -> out.writeString(name).writeInt(n));
        for (int[] byCategory : categorised) {
            for (int n : byCategory) {
                out.writeInt(n);
            }
        }
        for (int n : new int[] {methodsTooLarge, sites, checksMoved, checksCovered, checksElided, capsuleAccesses,
                capsuleHandOffs, accesses, commitChecks}) {
            out.writeInt(n);
        }
    }

    /** The counts {@link #encode} wrote. */
    public static Counts decode(Decoder in) throws Decoder.Malformed {
        Counts c = new Counts();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            c.calls.put(in.readString(), in.readInt()); // any call into the runtime the rewriting counted
        }
        for (int[] byCategory : c.categorised) {
            for (int k = 0; k < byCategory.length; k++) {
                byCategory[k] = in.readInt();
            }
        }
        c.methodsTooLarge = in.readInt();
        c.sites = in.readInt();
        c.checksMoved = in.readInt();
        c.checksCovered = in.readInt();
        c.checksElided = in.readInt();
        c.capsuleAccesses = in.readInt();
        c.capsuleHandOffs = in.readInt();
        c.accesses = in.readInt();
        c.commitChecks = in.readInt();
        return c;
    }

    /** The access sites of {@code kind} that {@code category} covers. */
    public int categorised(SiteKind kind, SiteCategory category) {
        return categorised[kind.ordinal()][category.ordinal()];
    }

    /** The run's capsule classes. */
    public void capsules(Capsules chosen) {
        capsuleClasses = chosen.size();
    }

    void methodTooLarge() {
        methodsTooLarge++;
    }

    public void classRewritten() {
        classesRewritten++;
    }

    public void classUnchanged() {
        classesUnchanged++;
    }

    public void classSkipped() {
        classesSkipped++;
    }

    /** A class whose rewriting (or finding it needs none) was reused from the cache. */
    public void classReused() {
        classesReused++;
    }

    public int classesReused() {
        return classesReused;
    }

    public void classAlreadyInstrumented() {
        classesAlreadyInstrumented++;
    }

    public void add(Counts other) {
        other.calls.forEach((k, v) -> calls.merge(k, v, Integer::sum));
        classesRewritten += other.classesRewritten;
        classesUnchanged += other.classesUnchanged;
        classesSkipped += other.classesSkipped;
        classesAlreadyInstrumented += other.classesAlreadyInstrumented;
        classesReused += other.classesReused;
        methodsTooLarge += other.methodsTooLarge;
        sites += other.sites;
        checksMoved += other.checksMoved;
        checksCovered += other.checksCovered;
        checksElided += other.checksElided;
        capsuleAccesses += other.capsuleAccesses;
        capsuleClasses += other.capsuleClasses;
        capsuleHandOffs += other.capsuleHandOffs;
        for (int k = 0; k < categorised.length; k++) {
            for (int c = 0; c < categorised[k].length; c++) {
                categorised[k][c] += other.categorised[k][c];
            }
        }
        accesses += other.accesses;
        commitChecks += other.commitChecks;
        analysis = analysis != null ? analysis : other.analysis;
    }

    /** How many calls to the entry point were emitted. */
    public int calls(RuntimeApi.Entry entry) {
        return calls.getOrDefault(entry.name(), 0);
    }

    public Map<String, Integer> callsByEntry() {
        return Map.copyOf(calls);
    }

    public int totalCalls() {
        return calls.values().stream().mapToInt(Integer::intValue).sum();
    }

    public int classesRewritten() {
        return classesRewritten;
    }

    public int classesUnchanged() {
        return classesUnchanged;
    }

    public int classesSkipped() {
        return classesSkipped;
    }

    public int classesAlreadyInstrumented() {
        return classesAlreadyInstrumented;
    }

    public int methodsTooLarge() {
        return methodsTooLarge;
    }

    /** Accesses the placement checks at another point, which fasttrack would check at the access. */
    public int checksMoved() {
        return checksMoved;
    }

    /** Accesses the placement leaves to another check of their location, which fasttrack would check. */
    public int checksCovered() {
        return checksCovered;
    }

    /** Accesses left unchecked by {@code --elide}, which fasttrack would check. */
    public int checksElided() {
        return checksElided;
    }

    /** Accesses to capsules' own fields, which fasttrack would check and capsule checks cover instead. */
    public int capsuleAccesses() {
        return capsuleAccesses;
    }

    public int capsuleClasses() {
        return capsuleClasses;
    }

    /** Calls on {@code this} that hand the calling activation's capsule check to the called one. */
    public int capsuleHandOffs() {
        return capsuleHandOffs;
    }

    public int sites() {
        return sites;
    }
}
