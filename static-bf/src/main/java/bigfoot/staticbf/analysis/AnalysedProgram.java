package bigfoot.staticbf.analysis;

import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.Elision;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.tool.Diagnostics;
import bigfoot.staticbf.tool.Parallel;
import bigfoot.staticbf.tool.Progress;
import bigfoot.staticbf.wala.CallKills;
import bigfoot.staticbf.wala.FrontendException;
import bigfoot.staticbf.wala.KillSets;
import bigfoot.staticbf.wala.MethodIRs;
import bigfoot.staticbf.wala.MethodSummaries;
import bigfoot.staticbf.wala.ProgramCalls;
import bigfoot.staticbf.wala.WalaProgram;
import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAInvokeDynamicInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.types.ClassLoaderReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The whole-program side of every analysing placement: the program loaded into WALA once, its call targets, kill
 * sets and (on demand) mod sets, and a run of a per-method analysis over every application method. A method that
 * cannot be analysed keeps every check (fasttrack), with one warning that counts them; so does the whole program
 * if WALA cannot load it.
 */
final class AnalysedProgram {

    private final WalaProgram program;
    private final MethodIRs irs;
    private final MethodSummaries summaries;
    /** The call targets and kill sets, computed at the first need: never, where kept facts answer every question. */
    private ProgramCalls calls;
    private KillSets computedKillSets;
    /** The facts at every call an earlier run kept ({@link KeptCallFacts}), or null. */
    private final KeptCallFacts keptFacts;
    /** Where this run's facts are kept, under {@link #factsKey}. */
    private final MethodCache cache;
    /** The key to keep this run's facts under, or null (no cache, or an elision: its kept arguments are not kept). */
    private final Supplier<String> factsKey;
    private ProgramWrites modSets;
    private final Set<String> multiRelease;
    private final Elision elision;
    /** Accesses to capsules' own fields, which capsule checks cover: no accesses for the analyses. */
    private final ElidedAccesses capsuleAccesses;
    /** The element reads of read-only tables ({@code ReadOnlyTables}): no accesses for the analyses either. */
    private final ElidedAccesses tableReads;
    private ParameterEscapes parameterEscapes;
    /** The accesses {@link #elided} left unchecked so far, by method (bytecode indices). */
    private final Map<MethodKey, Set<Integer>> elided = Collections.synchronizedMap(new HashMap<>());
    /** What {@link #recordReleaseFree} found so far, by method (bytecode indices). */
    private final Map<MethodKey, Set<Integer>> releaseFree = Collections.synchronizedMap(new HashMap<>());
    private double loadSeconds;
    /** Of {@link #loadSeconds}: the kill sets' (with the calls' resolution), or reading the kept facts. */
    private double killSetSeconds;
    /**
     * For a program answered from the kept entries alone ({@link #keptWhole}): every method's kept result, what
     * {@link #keptCodec} read of each, and the codec; else null.
     */
    private Map<MethodKey, CachedResults.Result> keptResults;
    private Map<MethodKey, Object> keptDecoded;
    private ResultCodec<?> keptCodec;
    /** The kept call graph {@link #keptFacts} were solved over, patched for this program's summaries; or null. */
    private KeptCallGraph patchedGraph;
    /** The call graph of this run's calls ({@link #computedGraph}), or null. */
    private KeptCallGraph computedGraph;
    /** The keys of {@link WalaProgram#applicationMethods}, in its order. */
    private List<MethodKey> applicationKeys;
    /** The key this run's call graph is kept under ({@link KeptCallGraph#key}), where {@link #factsKey} is not null. */
    private String graphKey;
    /** The threads {@link #analyseMethods} runs on. */
    private final int threads;
    /** The results kept for re-runs: the methods' summaries and their analyses' results. */
    private final CachedResults kept;

    private AnalysedProgram(WalaProgram program, MethodIRs irs, MethodSummaries summaries, KeptCallFacts keptFacts,
            MethodCache cache, Supplier<String> factsKey, Set<String> multiRelease, CachedResults kept, Elision elision,
            ElidedAccesses capsuleAccesses, ElidedAccesses tableReads, int threads) {
        this.program = program;
        this.threads = threads;
        this.kept = kept;
        this.irs = irs;
        this.summaries = summaries;
        this.keptFacts = keptFacts;
        this.cache = cache;
        this.factsKey = factsKey;
        this.multiRelease = multiRelease;
        this.elision = elision;
        this.capsuleAccesses = capsuleAccesses;
        this.tableReads = tableReads;
    }

    /** The per-method results of {@link #analyseMethods}, with what they cost. */
    record Results<T>(Map<MethodKey, T> byMethod, AnalysisStatistics statistics) {
    }

    /**
     * The program {@code input} holds, or empty (with a warning naming {@code mode}) if WALA cannot load or analyse it;
     * the entries {@code cache} kept for its classes are read while WALA builds its class hierarchy. Its analyses leave
     * the accesses {@code elision} selects unchecked ({@link #elided}), and analyse methods on {@code threads} threads,
     * reusing the results {@code cache} kept where they still hold. {@code beforeAnalysingMost} runs before the
     * whole-program analyses if the cache keeps results for at most three quarters of the application's classes, so
     * that most methods will be analysed (a first run; without a cache, always). If the kept entries hold every method's
     * result for the code it has now, under the kept facts at its calls, the program is answered from them alone
     * ({@link #keptWhole}: WALA's class hierarchy is not built); its {@link #analyseMethods} must use {@code codec}.
     */
    static Optional<AnalysedProgram> load(AnalysisInput input, Diagnostics diagnostics, String mode, Elision elision,
            ElidedAccesses capsuleAccesses, ElidedAccesses tableReads, int threads, MethodCache cache,
            ResultCodec<?> codec, Runnable beforeAnalysingMost) {
        long start = System.nanoTime();
        Set<String> multiRelease = input.multiRelease();
        String shape = null;
        CachedResults entries = null;
        RuntimeException unread = null;
        try {
            boolean keeps = cache.store().isPresent();
            shape = keeps ? input.shape() : "";
            entries = CachedResults.load(cache, shape, keeps ? input.byName() : Map.of());
        } catch (RuntimeException e) {
            unread = e; // WALA's own error, if it has one, says more
        }
        // a re-run after no method's code changed (a rebuild, an edit of comments) answers from the kept entries alone
        if (unread == null && elision == Elision.NONE && input.everyClassKeepable() && entries.keepsMostClasses()) {
            Optional<AnalysedProgram> whole = keptWhole(entries, shape, cache, codec, capsuleAccesses, tableReads,
                    threads);
            if (whole.isPresent()) { // WALA's class hierarchy, not needed, is left to its daemon thread
                whole.get().loadSeconds = (System.nanoTime() - start) / 1e9;
                return whole;
            }
        }
        WalaProgram program;
        try {
            program = input.hierarchy().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof FrontendException f) {
                diagnostics.warn(mode + ": " + f.getMessage() + "; every access keeps its check, as in fasttrack");
            } else if (e.getCause() instanceof RuntimeException r) {
                diagnostics.warn(mode + ": WALA cannot load " + input.application() + " (" + r
                        + "); every access keeps its check, as in fasttrack");
            } else {
                throw new IllegalStateException(e.getCause());
            }
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while WALA loads " + input.application(), e);
        }
        if (unread != null) {
            throw unread;
        }
        CachedResults kept = entries;
        if (!multiRelease.isEmpty()) {
            diagnostics.warn(mode + ": " + multiRelease.size() + " class(es) with multi-release versions keep every "
                    + "check, as in fasttrack (e.g. " + multiRelease.iterator().next() + ")");
        }
        if (!kept.keepsMostClasses()) {
            beforeAnalysingMost.run();
        }
        MethodIRs irs = new MethodIRs(program);
        MethodSummaries summaries = new MethodSummaries(irs, program.hierarchy(),
                m -> isApplication(m) ? kept.summary(MethodKey.of(m)) : Optional.empty());
        try {
            long resolving = System.nanoTime();
            Supplier<String> factsKey = null;
            KeptCallFacts keptFacts = null;
            KeptCallGraph patched = null;
            String graphKey = null;
            List<IMethod> application = program.applicationMethods();
            List<MethodKey> all = application.stream().map(MethodKey::of).toList(); // WALA makes the strings anew
            if (kept.keeps()) {
                program.applicationClasses().forEach(c -> kept.listed(c.getName().toString().substring(1)));
                for (int i = 0; i < all.size(); i++) {
                    if (!kept.reuseSummary(all.get(i))) {
                        kept.summarised(all.get(i), summaries.of(application.get(i)));
                    }
                }
                if (elision == Elision.NONE) {
                    String programShape = shape;
                    graphKey = KeptCallGraph.key(cache.runKey(), shape);
                    factsKey = () -> KeptCallFacts.key(cache.runKey(), programShape, summariesDigest(all, kept));
                    // a run that keeps few classes' entries (a first run) keeps few summaries: it finds no facts, and
                    // makes their key when it keeps them, on the store's thread
                    if (kept.keepsMostClasses()) {
                        String key = factsKey.get();
                        keptFacts = KeptCallFacts.read(cache.calls().get(), key).orElse(null);
                        factsKey = () -> key;
                        if (keptFacts == null) { // an edit changed summaries: the kept graph, those methods patched
                            patched = KeptCallGraph.read(cache.calls().get(), graphKey)
                                    .flatMap(g -> g.patched(program, summaries, application, all, kept::summaryDigest))
                                    .orElse(null);
                            keptFacts = patched == null ? null : patched.solve();
                        }
                    }
                }
            }
            AnalysedProgram p = new AnalysedProgram(program, irs, summaries, keptFacts, cache, factsKey, multiRelease,
                    kept, elision, capsuleAccesses, tableReads, threads);
            p.patchedGraph = patched;
            p.graphKey = graphKey;
            p.applicationKeys = all;
            if (keptFacts == null) {
                p.computedKillSets();
            }
            p.killSetSeconds = (System.nanoTime() - resolving) / 1e9;
            p.loadSeconds = (System.nanoTime() - start) / 1e9;
            return Optional.of(p);
        } catch (RuntimeException e) {
            diagnostics.warn(mode + ": cannot compute kill sets (" + e + "); every access keeps its check, as in fasttrack");
            return Optional.empty();
        }
    }

    /**
     * The program answered from {@code kept} alone, if every class of it has an entry that holds each of its methods'
     * results for the code it has now, the facts at the calls were kept for those summaries (with what the calls
     * write), and each result was computed under the facts its method's calls have: every method's result is then the
     * one its analysis would give. Else empty.
     */
    private static Optional<AnalysedProgram> keptWhole(CachedResults kept, String shape, MethodCache cache,
            ResultCodec<?> codec, ElidedAccesses capsuleAccesses, ElidedAccesses tableReads, int threads) {
        Optional<Map<MethodKey, CachedResults.Result>> results = kept.everyMethod();
        if (results.isEmpty()) {
            return Optional.empty();
        }
        String factsKey = KeptCallFacts.key(cache.runKey(), shape, summariesDigest(results.get().keySet(), kept));
        Optional<KeptCallFacts> facts = KeptCallFacts.read(cache.calls().get(), factsKey);
        if (facts.isEmpty() || !facts.get().hasWrites()) {
            return Optional.empty();
        }
        AnalysedProgram p = new AnalysedProgram(null, null, null, facts.get(), cache, () -> factsKey, Set.of(), kept,
                Elision.NONE, capsuleAccesses, tableReads, threads);
        Map<MethodKey, Object> decoded = new HashMap<>();
        for (Map.Entry<MethodKey, CachedResults.Result> e : results.get().entrySet()) {
            CachedResults.Result r = e.getValue();
            Optional<List<KeptCallFacts.Site>> sites = facts.get().sites(e.getKey());
            if (sites.isEmpty() || !p.fingerprint(e.getKey(), sites.get(), null).equals(r.fingerprint())) {
                return Optional.empty();
            }
            try {
                Decoder in = new Decoder(r.result());
                Object result = in.readBoolean() ? codec.read(in) : null;
                if (!in.atEnd()) {
                    return Optional.empty();
                }
                decoded.put(e.getKey(), result);
            } catch (Decoder.Malformed | RuntimeException damaged) {
                return Optional.empty();
            }
        }
        p.keptResults = results.get();
        p.keptDecoded = decoded;
        p.keptCodec = codec;
        return Optional.of(p);
    }

    /**
     * The digest of the application methods' summaries: their names and their summaries' digests, in the methods'
     * order (by class and name: the same whether WALA listed them or the kept entries did).
     */
    private static String summariesDigest(Collection<MethodKey> methods, CachedResults kept) {
        Digest d = new Digest();
        methods.stream().sorted(Comparator.comparing(MethodKey::classInternalName)
                        .thenComparing(MethodKey::nameAndDescriptor))
                .forEach(m -> d.add(m.classInternalName()).add(m.nameAndDescriptor()).add(kept.summaryDigest(m)));
        return d.hex();
    }

    /** The call targets and kill sets, resolved and solved at the first request. */
    private synchronized KillSets computedKillSets() {
        if (computedKillSets == null) {
            long start = System.nanoTime();
            calls = ProgramCalls.resolve(program, summaries);
            computedKillSets = KillSets.compute(calls, Duration.ofNanos(System.nanoTime() - start));
        }
        return computedKillSets;
    }

    IClassHierarchy hierarchy() {
        return program.hierarchy();
    }

    /** The kill set at each call: kept, or computed. */
    CallKills killSets() {
        return keptFacts != null ? keptFacts.kills() : computedKillSets();
    }

    /**
     * MOD-SET at each call: kept, or solved over the program's call graph at the first request (its time counts as the
     * whole-program part's).
     */
    synchronized ProgramWrites modSets() {
        if (modSets == null) {
            if (keptFacts != null && keptFacts.hasWrites()) {
                modSets = keptFacts.writes();
            } else {
                long start = System.nanoTime();
                modSets = computedGraph().solve().writes();
                loadSeconds += (System.nanoTime() - start) / 1e9;
            }
        }
        return modSets;
    }

    /**
     * The program's call graph, made from the calls and kill sets this run computed at the first request: only the
     * summaries the calls' resolution read are asked for, so other threads may ask too.
     */
    private synchronized KeptCallGraph computedGraph() {
        if (computedGraph == null) {
            KillSets kills = computedKillSets(); // resolves the calls first
            computedGraph = KeptCallGraph.of(calls, kills, program.applicationMethods(),
                    kept.keeps() ? kept::summaryDigest : key -> "");
        }
        return computedGraph;
    }

    /**
     * The instruction indices of the accesses of {@code ir}'s method that get no check whatever the placement:
     * with {@code --elide escape}, those to an object not yet published ({@link PartialEscape}) and the element reads
     * of read-only tables; with {@code --capsules}, those to a capsule's own fields (covered by capsule checks
     * instead). Recorded for {@link #elidedAccesses} by bytecode index; a bytecode index only if every instruction
     * made from it is elided.
     */
    BitSet elided(IR ir) {
        MethodKey key = MethodKey.of(ir.getMethod());
        Set<Integer> unchecked = new HashSet<>(capsuleAccesses.of(key.classInternalName(), key.nameAndDescriptor()));
        unchecked.addAll(tableReads.of(key.classInternalName(), key.nameAndDescriptor()));
        if (elision == Elision.NONE && unchecked.isEmpty()) {
            return new BitSet();
        }
        BitSet unpublished = elision == Elision.NONE ? new BitSet()
                : PartialEscape.unpublishedAccesses(ir, parameterEscapes().of(ir.getMethod()));
        Map<Integer, Boolean> byBci = new HashMap<>();
        SSAInstruction[] insns = ir.getInstructions();
        for (int i = 0; i < insns.length; i++) {
            Optional<MethodIRs.Position> position = MethodIRs.position(ir.getMethod(), i);
            if (position.isPresent() && unchecked.contains(position.get().bytecodeIndex())) {
                unpublished.set(i);
            }
            boolean local = unpublished.get(i);
            position.ifPresent(p -> byBci.merge(p.bytecodeIndex(), local, Boolean::logicalAnd));
        }
        Set<Integer> bcis = new TreeSet<>();
        byBci.forEach((bci, local) -> {
            if (local) {
                bcis.add(bci);
            }
        });
        int[] shared = unpublished.stream().filter(i -> !MethodIRs.position(ir.getMethod(), i)
                .map(p -> bcis.contains(p.bytecodeIndex())).orElse(false)).toArray();
        for (int i : shared) {
            unpublished.clear(i);
        }
        if (!bcis.isEmpty()) {
            elided.put(key, Set.copyOf(bcis));
        }
        return unpublished;
    }

    /** Which arguments each call keeps to itself, computed at the first request (its time counts as the whole-program part's). */
    private synchronized ParameterEscapes parameterEscapes() {
        if (parameterEscapes == null) {
            long start = System.nanoTime();
            computedKillSets();
            parameterEscapes = ParameterEscapes.compute(calls, irs);
            loadSeconds += (System.nanoTime() - start) / 1e9;
        }
        return parameterEscapes;
    }

    /**
     * For a method with capsule accesses, records its calls, allocations and static field accesses that cannot change
     * the thread's epoch ({@link ReleaseFree}): a bytecode index only if every instruction made from it is one.
     */
    void recordReleaseFree(IR ir) {
        MethodKey key = MethodKey.of(ir.getMethod());
        if (capsuleAccesses.of(key.classInternalName(), key.nameAndDescriptor()).isEmpty()) {
            return;
        }
        InstructionEffects effects = new InstructionEffects(ir, hierarchy(), killSets(), new BitSet());
        Map<Integer, Boolean> byBci = new HashMap<>();
        SSAInstruction[] insns = ir.getInstructions();
        for (int i = 0; i < insns.length; i++) {
            SSAInstruction insn = insns[i];
            if (insn instanceof SSAAbstractInvokeInstruction || insn instanceof SSANewInstruction
                    || insn instanceof SSAFieldAccessInstruction f && f.isStatic()) {
                InstructionEffects.Effect e = effects.of(insn);
                boolean free = !e.releases() && e.initializes() == null
                        && !(insn instanceof SSAInvokeDynamicInstruction);
                MethodIRs.position(ir.getMethod(), i).ifPresent(p -> byBci.merge(p.bytecodeIndex(), free,
                        Boolean::logicalAnd));
            }
        }
        Set<Integer> bcis = new TreeSet<>();
        byBci.forEach((bci, free) -> {
            if (free) {
                bcis.add(bci);
            }
        });
        if (!bcis.isEmpty()) {
            releaseFree.put(key, Set.copyOf(bcis));
        }
    }

    /** What {@link #recordReleaseFree} found, by method. */
    ReleaseFree releaseFree() {
        return new ReleaseFree(Map.copyOf(releaseFree));
    }

    /** What {@link #elided} left unchecked, by method. */
    ElidedAccesses elidedAccesses() {
        return new ElidedAccesses(Map.copyOf(elided));
    }

    /**
     * Runs {@code perMethod} over the IR of every application method and keeps its non-null results; a method
     * it fails on (or that has no IR) is left out, and counted in one warning. The kept results that still hold are
     * found first (below), on {@code threads} threads; then the IRs of the other methods are built, on this thread
     * (WALA's IR cache is not thread-safe); then {@code threads} workers run {@code perMethod}, which must
     * only read what the methods share (the class hierarchy's lookups that fill WALA's caches go through
     * {@link WalaLookups}). The results do not depend on the thread count: each method's is its own, and the warning
     * names the first failure in the methods' order. A method whose result the {@link MethodCache} kept under the same
     * fingerprint ({@link #fingerprint}) is not analysed again: its result ({@code codec} reads it) and what its
     * analysis recorded ({@link #elided}, {@link #recordReleaseFree}) are the kept ones.
     */
    <T> Results<T> analyseMethods(String mode, Diagnostics diagnostics, ResultCodec<T> codec, Function<IR, T> perMethod) {
        if (keptResults != null) {
            return keptResults(codec);
        }
        if (elision != Elision.NONE) {
            parameterEscapes(); // whole-program (its time counts as such), before the workers
        }
        long start = System.nanoTime();
        List<IMethod> all = program.applicationMethods();
        List<MethodKey> allKeys = applicationKeys;
        List<IMethod> methods = new ArrayList<>();
        List<MethodKey> keys = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (!multiRelease.contains(allKeys.get(i).classInternalName())) {
                methods.add(all.get(i));
                keys.add(allKeys.get(i));
            }
        }
        // the kept results that still hold, found on every thread (a fingerprint reads every call's summaries)
        List<Reused<T>> reused = kept.keeps() ? new Parallel(threads, "staticbf-analysis").map(methods.size(),
                i -> reuse(methods.get(i), keys.get(i), codec)) : Collections.nCopies(methods.size(), null);
        List<Outcome<IR>> irs = new ArrayList<>();
        for (int i = 0; i < methods.size(); i++) {
            try {
                irs.add(reused.get(i) != null ? null
                        : this.irs.ir(methods.get(i)).map(Outcome::of).orElse(Outcome.failed("no IR")));
            } catch (RuntimeException | StackOverflowError e) {
                irs.add(Outcome.failed(e.getMessage()));
            }
        }
        Progress progress = diagnostics.progress("analysing methods", methods.size());
        List<Outcome<T>> outcomes = new Parallel(threads, "staticbf-analysis").map(methods.size(), i -> {
            try {
                MethodKey key = keys.get(i);
                Reused<T> r = reused.get(i);
                if (r != null) {
                    remember(elided, key, r.kept().elided());
                    remember(releaseFree, key, r.kept().releaseFree());
                    kept.analysed(key, r.kept(), false);
                    return Outcome.of(r.result());
                }
                Outcome<IR> ir = irs.get(i);
                if (ir.failure() != null) {
                    return Outcome.failed(ir.failure());
                }
                T result = perMethod.apply(ir.result());
                if (kept.keeps()) {
                    Encoder out = new Encoder();
                    out.writeBoolean(result != null);
                    if (result != null) {
                        codec.write(result, out);
                    }
                    kept.analysed(key, new CachedResults.Result(fingerprint(methods.get(i), key), out.toByteArray(),
                            elided.getOrDefault(key, Set.of()), releaseFree.getOrDefault(key, Set.of())), true);
                }
                return Outcome.of(result);
            } catch (RuntimeException | StackOverflowError e) {
                return Outcome.failed(e.getMessage());
            } finally {
                progress.step();
            }
        });
        progress.end();
        kept.save();
        if (factsKey != null && (keptFacts == null || patchedGraph != null)) {
            keepFacts(all);
        }
        Map<MethodKey, T> results = new HashMap<>();
        int failed = 0;
        String firstFailure = null;
        for (int i = 0; i < methods.size(); i++) {
            Outcome<T> o = outcomes.get(i);
            if (o.failure() != null) {
                failed++;
                if (firstFailure == null) {
                    firstFailure = methods.get(i).getSignature() + ": " + o.failure();
                }
            } else if (o.result() != null) {
                results.put(keys.get(i), o.result());
            }
        }
        if (failed > 0) {
            diagnostics.warn(mode + ": " + failed + " method(s) could not be analysed and keep every check, as in "
                    + "fasttrack (first: " + firstFailure + ")");
        }
        int reuses = (int) reused.stream().filter(r -> r != null).count();
        return new Results<>(Map.copyOf(results), new AnalysisStatistics(loadSeconds, methods.size() - failed, failed,
                reuses, (System.nanoTime() - start) / 1e9, 0, 0, killSetSeconds, false,
                patchedGraph == null ? 0 : patchedGraph.resolvedAgain()));
    }

    /**
     * Keeps the facts at the calls of {@code all} (the application methods) that this run computed or patched, and
     * the call graph they were solved over if this run computed it whole. A patched graph is not written: the next run
     * patches the kept one again, resolving the calls of every method changed since it was made (a few methods' calls,
     * through the class hierarchy), which costs less than encoding and writing the whole graph each time; the kept one
     * counts as written now, so that the facts entries written after it do not evict it.
     */
    private void keepFacts(List<IMethod> all) {
        FileStore store = cache.calls().get();
        if (patchedGraph != null) {
            KeptCallFacts facts = keptFacts;
            store.writeLater(() -> new FileStore.Entry(factsKey.get(), facts.encode()));
            store.refreshLater(graphKey);
            return;
        }
        KeptCallGraph graph = computedGraph();
        store.writeLater(() -> new FileStore.Entry(factsKey.get(), KeptCallFacts.of(all, this::sites).encode()));
        if (graph.keepable()) {
            store.writeLater(() -> new FileStore.Entry(graphKey, graph.encode()));
        }
    }

    /** The results of a program answered from the kept entries alone, every one of them reused. */
    private <T> Results<T> keptResults(ResultCodec<T> codec) {
        if (codec != keptCodec) {
            throw new IllegalArgumentException("the kept results were read with another codec");
        }
        long start = System.nanoTime();
        Map<MethodKey, T> results = new HashMap<>();
        keptResults.forEach((key, kept) -> {
            remember(elided, key, kept.elided());
            remember(releaseFree, key, kept.releaseFree());
            @SuppressWarnings("unchecked") // read by codec (keptWhole)
            T result = (T) keptDecoded.get(key);
            if (result != null) {
                results.put(key, result);
            }
        });
        return new Results<>(Map.copyOf(results), new AnalysisStatistics(loadSeconds, keptResults.size(), 0,
                keptResults.size(), (System.nanoTime() - start) / 1e9, 0, 0, killSetSeconds, true, 0));
    }

    /** A method's kept result, and what its codec read of it. */
    private record Reused<T>(CachedResults.Result kept, T result) {
    }

    /** {@code method}'s kept result, if there is one for its fingerprint that {@code codec} can read; else null. */
    private <T> Reused<T> reuse(IMethod method, MethodKey key, ResultCodec<T> codec) {
        try {
            Optional<CachedResults.Result> r = kept.hasResult(key) ? kept.result(key, fingerprint(method, key))
                    : Optional.empty();
            if (r.isEmpty()) {
                return null;
            }
            Decoder in = new Decoder(r.get().result());
            T result = in.readBoolean() ? codec.read(in) : null;
            return in.atEnd() ? new Reused<>(r.get(), result) : null;
        } catch (Decoder.Malformed | RuntimeException e) {
            return null; // damaged, or its facts cannot be read: analysed again (where a failure is reported)
        }
    }

    private static void remember(Map<MethodKey, Set<Integer>> byMethod, MethodKey key, Set<Integer> bcis) {
        if (!bcis.isEmpty()) {
            byMethod.put(key, Set.copyOf(bcis));
        }
    }

    /**
     * What the analysis of {@code method} reads besides its class's bytes and the program's shape: for each call, its
     * kill set ([Call]), its mod set (MOD-SET; once {@link #modSets} were asked for) and, with an elision, which of its
     * arguments it keeps; and the method's accesses that capsule checks and read-only tables cover.
     */
    private String fingerprint(IMethod method, MethodKey key) {
        return fingerprint(key, sites(method, key), method);
    }

    /** The fingerprint of {@code key}'s method with calls {@code sites}; {@code method} is read only with an elision. */
    private String fingerprint(MethodKey key, List<KeptCallFacts.Site> sites, IMethod method) {
        Digest d = new Digest();
        d.add("capsules " + new TreeSet<>(capsuleAccesses.of(key.classInternalName(), key.nameAndDescriptor())));
        d.add("tables " + new TreeSet<>(tableReads.of(key.classInternalName(), key.nameAndDescriptor())));
        for (KeptCallFacts.Site s : sites) {
            StringBuilder sb = new StringBuilder("call ").append(s.pc()).append(' ').append(s.kills());
            if (s.writes() != null) {
                sb.append(' ').append(s.writes().digest());
            }
            if (elision != Elision.NONE) { // the facts were computed this run: kept ones are not used with an elision
                CallSiteReference site = s.site();
                int arguments = site.getDeclaredTarget().getNumberOfParameters() + (site.isStatic() ? 0 : 1);
                for (int j = 0; j < arguments; j++) {
                    sb.append(parameterEscapes.keeps(method, site, j) ? " k" : " p");
                }
            }
            d.add(sb.toString());
        }
        return d.hex();
    }

    /**
     * The facts at {@code method}'s calls, in IR order: kill sets, and what the calls write once {@link #modSets} were
     * asked for; kept ones where they answer that.
     */
    private List<KeptCallFacts.Site> sites(IMethod method) {
        return sites(method, MethodKey.of(method));
    }

    /** As {@link #sites(IMethod)}, for the method {@code key} names (WALA makes a key's strings anew at each request). */
    private List<KeptCallFacts.Site> sites(IMethod method, MethodKey key) {
        ProgramWrites writes;
        synchronized (this) {
            writes = modSets;
        }
        if (keptFacts != null && (writes == null || keptFacts.hasWrites())) {
            return keptFacts.sites(key).orElseThrow(() -> new IllegalArgumentException("not an application method: "
                    + method.getSignature()));
        }
        CallKills kills = computedKillSets();
        List<KeptCallFacts.Site> sites = new ArrayList<>();
        for (ProgramCalls.Targets t : calls.sites(method)) {
            CallSiteReference site = t.call().site();
            sites.add(new KeptCallFacts.Site(site.getProgramCounter(), kills.atCall(method, site),
                    writes == null ? null : writes.atCall(method, site), site));
        }
        return sites;
    }

    /** True for a method of the application's own classes (not its classpath's, not the JDK's). */
    private static boolean isApplication(IMethod m) {
        return m.getDeclaringClass().getClassLoader().getReference().equals(ClassLoaderReference.Application);
    }

    /** One method's result, or why it has none ({@code failure}: the exception's message, "null" if it had none). */
    private record Outcome<T>(T result, String failure) {
        static <T> Outcome<T> of(T result) {
            return new Outcome<>(result, null);
        }

        static <T> Outcome<T> failed(String message) {
            return new Outcome<>(null, String.valueOf(message));
        }
    }
}
