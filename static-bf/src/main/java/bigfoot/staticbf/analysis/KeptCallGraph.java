package bigfoot.staticbf.analysis;

import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.wala.KillSet;
import bigfoot.staticbf.wala.KillSetParts;
import bigfoot.staticbf.wala.KillSets;
import bigfoot.staticbf.wala.MethodSummaries;
import bigfoot.staticbf.wala.MethodSummary;
import bigfoot.staticbf.wala.ProgramCalls;
import bigfoot.staticbf.wala.SummaryFixpoint;
import bigfoot.staticbf.wala.WalaProgram;
import com.ibm.wala.classLoader.IMethod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The program's call graph ({@link ProgramCalls}) with what each analysed method and each of its calls does on its
 * own: the parts the kill sets ([Call]) and the mod sets (MOD-SET) join over the call relation; {@link #solve} gives
 * the mod sets every run computes, and the kill sets too where it was kept. It is kept under the
 * program's shape, so that a re-run whose edit changed some application methods' summaries (a call added, a field
 * stored, a lock taken) finds the facts at every call ({@link KeptCallFacts}) again from it: it resolves the calls of
 * the changed methods alone, and solves the two fixed points over the kept parts.
 *
 * <p>Why that gives the facts a whole computation gives: with the same shape, classpath, JDK and StaticBF, a method's
 * parts and its calls' targets are a function of its own summary and of the lambdas the program creates (a dispatch
 * may run any lambda body of a matching interface); so a graph is patched only if each changed method creates the
 * lambdas it created before, and calls only methods the graph holds. The fixed points are then solved over every
 * method, from the parts alone: nothing solved for the earlier program is reused, so a summary that shrank (a call
 * removed from a cycle) cannot leave a stale fact.
 */
final class KeptCallGraph {

    private static final int FORMAT = 1;

    /** One call: its program counter, its own parts, and the analysed methods it may run (indices of nodes). */
    private record Call(int pc, KillSet kills, HeapWrites writes, int[] targets) {
    }

    /**
     * One analysed method: for an application method with bytecode (whose calls the facts are of), the digest of its
     * summary and the lambdas it creates; its own parts (joined with its calls'); and its calls, in IR order.
     */
    private record Node(MethodKey key, boolean application, String summaryDigest,
            List<MethodSummary.LambdaSite> lambdas, KillSet kills, HeapWrites writes, List<Call> calls) {
    }

    private final List<Node> nodes;
    private final Map<MethodKey, Integer> index;
    /** The number of methods whose nodes {@link #patched} made anew. */
    private final int resolvedAgain;

    private KeptCallGraph(List<Node> nodes, int resolvedAgain) {
        this(nodes, resolvedAgain, new HashMap<>());
        for (int i = 0; i < nodes.size(); i++) {
            index.putIfAbsent(nodes.get(i).key(), i);
        }
    }

    /** A graph whose {@code nodes} have the keys {@code index} numbers. */
    private KeptCallGraph(List<Node> nodes, int resolvedAgain, Map<MethodKey, Integer> index) {
        this.nodes = nodes;
        this.resolvedAgain = resolvedAgain;
        this.index = index;
    }

    /**
     * True if no two methods have one key (a class of the application's and of its classpath): only then can the
     * graph be kept, as it names its methods by key.
     */
    boolean keepable() {
        return index.size() == nodes.size();
    }

    /** The key of the graph of a program: {@code runKey} (StaticBF, the JDK, the classpath, mode) and its shape. */
    static String key(String runKey, String shape) {
        return Digest.of("call graph", runKey, shape);
    }

    /**
     * The graph of {@code calls}, with the parts {@code kills} found; {@code application} are the application's
     * methods with bytecode, and {@code summaryDigest} gives their summaries' digests.
     */
    static KeptCallGraph of(ProgramCalls calls, KillSets kills, List<IMethod> application,
            Function<MethodKey, String> summaryDigest) {
        Set<IMethod> roots = new HashSet<>(application);
        List<IMethod> methods = List.copyOf(calls.methods());
        Map<IMethod, Integer> ids = new HashMap<>();
        methods.forEach(m -> ids.put(m, ids.size()));
        List<Node> nodes = new ArrayList<>();
        // a call's write part is its JDK targets' unless it is not resolved to targets; calls of one declared target
        // share one set of JDK targets
        Map<Set<IMethod>, HeapWrites> byJdkTargets = new IdentityHashMap<>();
        for (IMethod m : methods) {
            MethodSummary body = calls.summary(m);
            HeapWrites writes = ModSets.ownStores(body);
            List<Call> sites = new ArrayList<>();
            for (ProgramCalls.Targets t : calls.sites(m)) {
                HeapWrites part = t.resolution() == ProgramCalls.Resolution.TARGETS
                        ? byJdkTargets.computeIfAbsent(t.jdk(), jdk -> ModSets.callPart(t)) : ModSets.callPart(t);
                writes = HeapWrites.union(writes, part);
                sites.add(new Call(t.call().site().getProgramCounter(), kills.part(m, t.call().site()), part,
                        t.analysed().stream().mapToInt(ids::get).toArray()));
            }
            nodes.add(node(m, roots.contains(m), summaryDigest, body, kills.own(m), writes, sites));
        }
        return new KeptCallGraph(nodes, 0);
    }

    private static Node node(IMethod m, boolean application, Function<MethodKey, String> summaryDigest,
            MethodSummary body, KillSet kills, HeapWrites writes, List<Call> calls) {
        MethodKey key = MethodKey.of(m);
        return application ? new Node(key, true, summaryDigest.apply(key), body.lambdas(), kills, writes, calls)
                : new Node(key, false, "", List.of(), kills, writes, calls);
    }

    /**
     * This graph for the program whose application methods are {@code application} (in WALA's order) with keys
     * {@code keys}, their summaries {@code summaries} and their digests {@code summaryDigest}: the nodes of the methods
     * whose summaries changed made anew, their calls resolved in {@code program}. Empty if this graph is not that
     * program's with those methods changed: a method it does not hold, a changed method creating other lambdas, or
     * calling a method it does not hold.
     */
    Optional<KeptCallGraph> patched(WalaProgram program, MethodSummaries summaries, List<IMethod> application,
            List<MethodKey> keys, Function<MethodKey, String> summaryDigest) {
        List<IMethod> changed = new ArrayList<>();
        Map<IMethod, Node> roots = new HashMap<>();
        for (int i = 0; i < application.size(); i++) {
            IMethod m = application.get(i);
            Node n = node(keys.get(i)).orElse(null);
            if (n == null || !n.application()) {
                return Optional.empty();
            }
            roots.put(m, n);
            if (!n.summaryDigest().equals(summaryDigest.apply(n.key()))) {
                if (!summaries.of(m).lambdas().equals(n.lambdas())) {
                    return Optional.empty(); // every dispatch's targets may differ
                }
                changed.add(m);
            }
        }
        if (nodes.stream().filter(Node::application).count() != application.size()) {
            return Optional.empty();
        }
        ProgramCalls calls = ProgramCalls.resolveOnly(program, summaries, m -> roots.get(m).lambdas(), changed);
        KillSetParts parts = new KillSetParts(program.hierarchy());
        List<Node> patched = new ArrayList<>(nodes);
        for (IMethod m : changed) {
            MethodSummary body = calls.summary(m);
            KillSet kills = parts.own(m, body);
            HeapWrites writes = ModSets.ownStores(body);
            List<Call> sites = new ArrayList<>();
            for (ProgramCalls.Targets t : calls.sites(m)) {
                KillSet killPart = parts.call(t);
                HeapWrites writePart = ModSets.callPart(t);
                kills = kills.union(killPart);
                writes = HeapWrites.union(writes, writePart);
                int[] targets = new int[t.analysed().size()];
                int k = 0;
                for (IMethod target : t.analysed()) {
                    Optional<Node> callee = node(MethodKey.of(target));
                    if (callee.isEmpty() || callee.get().application() != roots.containsKey(target)) {
                        return Optional.empty();
                    }
                    targets[k++] = index.get(callee.get().key());
                }
                sites.add(new Call(t.call().site().getProgramCounter(), killPart, writePart, targets));
            }
            patched.set(index.get(roots.get(m).key()), node(m, true, summaryDigest, body, kills, writes, sites));
        }
        return Optional.of(new KeptCallGraph(patched, changed.size(), index)); // each changed node keeps its key
    }

    /** The number of application methods whose calls {@link #patched} resolved again (0 for a graph not patched). */
    int resolvedAgain() {
        return resolvedAgain;
    }

    private Optional<Node> node(MethodKey key) {
        Integer i = index.get(key);
        return i == null ? Optional.empty() : Optional.of(nodes.get(i));
    }

    /**
     * The facts at the application methods' calls: the kill sets' fixed point over the methods' own parts, then the
     * mod sets' (a method or call that may synchronise may write anything), joined at each call with its targets'.
     */
    KeptCallFacts solve() {
        int[][] callees = callees();
        List<KillSet> kills = SummaryFixpoint.solve(callees, i -> nodes.get(i).kills(), KillSet.NONE, KillSet::union);
        List<HeapWrites> writes = SummaryFixpoint.solve(callees,
                i -> ModSets.killed(kills.get(i), nodes.get(i).writes()), ModSets.NOTHING, HeapWrites::union);
        Map<MethodKey, List<KeptCallFacts.Site>> facts = new LinkedHashMap<>();
        for (Node n : nodes) {
            if (n.application()) {
                List<KeptCallFacts.Site> sites = new ArrayList<>();
                for (Call c : n.calls()) {
                    KillSet k = c.kills();
                    for (int t : c.targets()) {
                        k = k.union(kills.get(t));
                    }
                    HeapWrites w = ModSets.killed(k, c.writes());
                    for (int t : c.targets()) {
                        w = HeapWrites.union(w, writes.get(t));
                    }
                    sites.add(new KeptCallFacts.Site(c.pc(), k, w, null));
                }
                facts.put(n.key(), sites);
            }
        }
        return KeptCallFacts.of(facts);
    }

    /** Each method's callees, each once (plain loops: a re-run solves the graph in a cold JVM). */
    private int[][] callees() {
        int[][] callees = new int[nodes.size()][];
        int[] seenBy = new int[nodes.size()];
        Arrays.fill(seenBy, -1);
        int[] buffer = new int[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            int count = 0;
            for (Call c : nodes.get(i).calls()) {
                for (int t : c.targets()) {
                    if (seenBy[t] != i) {
                        seenBy[t] = i;
                        buffer[count++] = t;
                    }
                }
            }
            callees[i] = Arrays.copyOf(buffer, count);
        }
        return callees;
    }

    /** The graph kept under {@code key}, if an entry holds it whole. */
    static Optional<KeptCallGraph> read(FileStore store, String key) {
        return store.read(key, KeptCallGraph::decode);
    }

    /** The entry {@link #read} reads: each distinct write set once, then each method with its calls. */
    byte[] encode() {
        WritesTable table = new WritesTable();
        for (Node n : nodes) {
            table.add(n.writes());
            n.calls().forEach(c -> table.add(c.writes()));
        }
        Encoder out = new Encoder().writeInt(FORMAT);
        table.encode(out);
        out.writeInt(nodes.size());
        for (Node n : nodes) {
            out.writeString(n.key().classInternalName()).writeString(n.key().nameAndDescriptor())
                    .writeBoolean(n.application()).writeString(n.summaryDigest());
            MethodSummary.encodeLambdas(n.lambdas(), out);
            out.writeInt(n.kills().ordinal()).writeInt(table.indexOf(n.writes())).writeInt(n.calls().size());
            for (Call c : n.calls()) {
                out.writeInt(c.pc()).writeInt(c.kills().ordinal()).writeInt(table.indexOf(c.writes()))
                        .writeInt(c.targets().length);
                for (int t : c.targets()) {
                    out.writeInt(t);
                }
            }
        }
        return out.toByteArray();
    }

    private static KeptCallGraph decode(byte[] bytes) throws Decoder.Malformed {
        Decoder in = new Decoder(bytes);
        if (in.readInt() != FORMAT) {
            throw new Decoder.Malformed("another format");
        }
        List<HeapWrites> table = WritesTable.decode(in);
        int count = in.readInt();
        List<Node> nodes = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            MethodKey key = new MethodKey(in.readString(), in.readString());
            boolean application = in.readBoolean();
            String summaryDigest = in.readString();
            List<MethodSummary.LambdaSite> lambdas = MethodSummary.decodeLambdas(in);
            KillSet kills = KeptCallFacts.killSet(in.readInt());
            HeapWrites writes = WritesTable.at(table, in.readInt());
            List<Call> calls = new ArrayList<>();
            for (int n = in.readInt(), j = 0; j < n; j++) {
                int pc = in.readInt();
                KillSet callKills = KeptCallFacts.killSet(in.readInt());
                HeapWrites callWrites = WritesTable.at(table, in.readInt());
                int[] targets = new int[in.readInt()];
                for (int t = 0; t < targets.length; t++) {
                    targets[t] = in.readInt();
                    if (targets[t] < 0 || targets[t] >= count) {
                        throw new Decoder.Malformed("no method " + targets[t]);
                    }
                }
                calls.add(new Call(pc, callKills, callWrites, targets));
            }
            nodes.add(new Node(key, application, summaryDigest, lambdas, kills, writes, List.copyOf(calls)));
        }
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        KeptCallGraph graph = new KeptCallGraph(nodes, 0);
        if (!graph.keepable()) {
            throw new Decoder.Malformed("two methods of one key");
        }
        return graph;
    }
}
