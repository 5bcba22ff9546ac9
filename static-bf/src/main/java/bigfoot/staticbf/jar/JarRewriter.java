package bigfoot.staticbf.jar;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.analysis.AnalysisInput;
import bigfoot.staticbf.analysis.ElidedAccesses;
import bigfoot.staticbf.analysis.MethodCache;
import bigfoot.staticbf.cache.RewriteCache;
import bigfoot.staticbf.cache.RewriteKey;
import bigfoot.staticbf.capsule.CapsuleCandidates;
import bigfoot.staticbf.capsule.Capsules;
import bigfoot.staticbf.cli.Options;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.ClassPathSource;
import bigfoot.staticbf.hierarchy.ClassSource;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.hierarchy.InputClassSource;
import bigfoot.staticbf.hierarchy.JdkClassSource;
import bigfoot.staticbf.origins.ReadOnlyTables;
import bigfoot.staticbf.placement.Elision;
import bigfoot.staticbf.placement.Placement;
import bigfoot.staticbf.rewrite.ClassFit;
import bigfoot.staticbf.rewrite.ClassRewriter;
import bigfoot.staticbf.rewrite.Counts;
import bigfoot.staticbf.rewrite.Environment;
import bigfoot.staticbf.rewrite.EscapeBits;
import bigfoot.staticbf.rewrite.FieldProxies;
import bigfoot.staticbf.rewrite.ProgramFit;
import bigfoot.staticbf.rewrite.ShadowPolicy;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.FileStore;
import bigfoot.staticbf.tool.Diagnostics;
import bigfoot.staticbf.tool.Parallel;
import bigfoot.staticbf.tool.Progress;
import bigfoot.staticbf.tool.StaticBfException;
import bigfoot.staticbf.zip.EntryHeader;
import bigfoot.staticbf.zip.StoredData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.zip.DataFormatException;
import java.util.zip.ZipEntry;

/**
 * Rewrites a jar: every entry is kept, in order, byte for byte, except the classes that get rewritten,
 * the signature files (removed: the signatures no longer hold) and the metadata resource (added).
 */
public final class JarRewriter {

    private static final Pattern SIGNATURE_FILE =
            Pattern.compile("META-INF/([^/]+\\.(SF|RSA|DSA|EC)|SIG-[^/]+)", Pattern.CASE_INSENSITIVE);

    /** The directory of the rewrite cache that keeps the analysis's per-method results. */
    private static final String METHODS = "methods";
    /** The directory of the rewrite cache that keeps rewritten classes. */
    private static final String CLASSES = "classes";
    /** The entries each of those directories keeps (the ones written last). */
    private static final int KEEP = 20_000;
    /** The directory of the rewrite cache that keeps whole programs' facts at their calls, one entry per program. */
    private static final String CALLS = "calls";
    /** The entries it keeps: each is every call's facts of one version of a program (lucene-core's: 0.4 MB). */
    private static final int KEEP_CALLS = 16;
    /** The directory that keeps the JDK classes the class hierarchy reads, one entry per JDK build (about 13 MB). */
    private static final String JDK = "jdk";
    private static final int KEEP_JDK = 4;

    private final Options options;
    /** The placement; null until {@link #run} has opened the input, for the mode's own (which may analyse it). */
    private Placement placement;
    private final Diagnostics diagnostics;
    private final Counts counts = new Counts();
    private final List<String> removedSignatureFiles = new ArrayList<>();
    private final List<String> alreadyInstrumented = new ArrayList<>();
    /** The rewrite cache's stores this run keeps methods' and classes' results in, with the entries each keeps. */
    private final Map<FileStore, Integer> stores = new LinkedHashMap<>();

    private JarRewriter(Options options, Placement placement, Diagnostics diagnostics) {
        this.options = options;
        this.placement = placement;
        this.diagnostics = diagnostics;
    }

    /** Rewrites {@code options.in()} into {@code options.out()} and returns what was done. */
    public static Counts rewrite(Options options, Diagnostics diagnostics) throws StaticBfException {
        return new JarRewriter(options, null, diagnostics).run();
    }

    /**
     * As {@link #rewrite(Options, Diagnostics)}, with {@code placement} deciding the checks instead of the
     * mode's own (the metadata still names the mode): how tests feed the verifier a deliberately wrong placement.
     */
    public static Counts rewrite(Options options, Placement placement, Diagnostics diagnostics)
            throws StaticBfException {
        return new JarRewriter(options, placement, diagnostics).run();
    }

    /**
     * Writes a copy of {@code jar} (a cached rewrite of {@code options.in()}) to {@code options.out()} as a rewrite is
     * written: never over the input, moved into place once complete.
     */
    public static void copyInPlace(Path jar, Options options) throws StaticBfException, IOException {
        checkOutputIsNotInput(options);
        try (OutputJar output = OutputJar.create(options.out())) {
            output.copyOf(jar);
            output.commit();
        }
    }

    static boolean isSignatureFile(String entryName) {
        return SIGNATURE_FILE.matcher(entryName).matches();
    }

    private Counts run() throws StaticBfException {
        checkOutputIsNotInput(options);
        // an analysis's class hierarchy starts building now, while this thread reads the jar
        AnalysisInput analysisInput = placement == null && options.mode().analyses(options.elision())
                ? AnalysisInput.start(options.in(), options.classpath(),
                        RewriteCache.directory(options).map(d -> store(d.resolve(JDK), KEEP_JDK))) : null;
        try (InputJar input = InputJar.open(options.in());
             ClassHierarchy hierarchy = new ClassHierarchy(classSources(input), diagnostics);
             OutputJar output = OutputJar.create(options.out())) {
            Set<String> rewritten = new HashSet<>();
            List<InputClass> classesToRewrite = new ArrayList<>();
            List<byte[]> toRewrite = new ArrayList<>();
            IntendedRaces intended = new IntendedRaces();
            for (InputClass c : input.classes()) {
                if (c.treatment() == InputClass.Treatment.REWRITE) {
                    rewritten.add(c.info().name());
                    classesToRewrite.add(c);
                    toRewrite.add(c.bytes());
                }
                if (c.treatment() != InputClass.Treatment.SKIP) {
                    intended.scan(c.bytes());
                }
            }
            Capsules capsules = capsules(toRewrite, hierarchy);
            counts.capsules(capsules);
            Set<String> handleTargets = options.elision() == Elision.DYNAMIC_ESCAPE
                    ? EscapeBits.handleTargets(toRewrite) : Set.of();
            KeptRewrites kept = keptRewrites(input, capsules, handleTargets);
            if (placement == null) {
                ElidedAccesses tableReads = options.elision().escapes()
                        ? ReadOnlyTables.reads(toRewrite, new FieldResolver(hierarchy)) : ElidedAccesses.NONE;
                placement = options.mode().placement(analysisInput == null ? null : analysisInput.withClassFiles(
                        input.everyClassEntry().stream().map(c -> new AnalysisInput.ClassFile(c.entryName(), c.bytes(),
                                c.info())).toList()), diagnostics, options.elision(), capsules.accesses(), tableReads,
                        options.threads(), methodCache());
            }
            ShadowPolicy shadows = new ShadowPolicy(rewritten);
            Environment env = new Environment(hierarchy, shadows, placement, options.verifyPlacement(), diagnostics)
                    .withCapsules(capsules);
            if (options.elision() == Elision.DYNAMIC_ESCAPE) {
                env = env.withEscapeBits(rewritten, handleTargets);
            }
            Optional<KeptRewrites.Groups> last = options.proxies() ? kept.groups() : Optional.empty();
            Optional<FieldProxies> lastGroups = options.proxies() ? last.map(KeptRewrites.Groups::proxies)
                    : Optional.of(FieldProxies.NONE);
            RewritesAhead<Rewritten> ahead = rewritesAhead(classesToRewrite, kept, lastGroups, env);
            List<Answered> answered = answered(classesToRewrite, kept);
            Map<String, ClassToRewrite> classes = classesToRewrite(answered, env, ahead, kept.keeps());
            FieldProxies proxies = FieldProxies.NONE;
            if (options.proxies()) {
                KeptRewrites.Groups groups = groups(classes, last, env, kept.keeps());
                diagnostics.replay(groups.warnings());
                proxies = groups.proxies();
                // the rewriter reads the fits made now: a kept one holds no method's plan fit, and the rewriter fits
                // each method of a class without one as it rewrites it
                env = env.withFits(ProgramFit.of(classes.values().stream().map(ClassToRewrite::fit)
                        .filter(Objects::nonNull).toList()));
                kept.keepGroups(groups, last);
            }
            counts.proxies(proxies);
            writeEntries(input, output, new ClassRewriter(env.withShadows(env.shadows().withProxies(proxies))), kept,
                    classes, proxies.digest(), ahead);
            placement.statistics().ifPresent(counts::analysis);
            output.add(RuntimeApi.METADATA_RESOURCE,
                    Metadata.of(options.mode().optionName(), options.elision().optionName(),
                            options.capsules().optionValue(), options.verifyPlacement(), proxies, counts));
            if (!intended.isEmpty()) {
                output.add(RuntimeApi.INTENDED_RACES_RESOURCE, intended.resource());
            }
            output.commit();
            finishStores();
            reportRemovedAndKept();
            return counts;
        } catch (IOException | UncheckedIOException e) {
            throw StaticBfException.failure("I/O error while rewriting " + options.in() + " into " + options.out()
                    + ": " + e.getMessage());
        }
    }

    /**
     * Where the analysis keeps its per-method results: the rewrite cache's {@value #METHODS} directory, unless this run
     * has no cache or its analysis key cannot be computed (an unreadable {@code --classpath} element: the analysis then
     * says what is wrong).
     */
    private MethodCache methodCache() {
        Optional<Path> dir = RewriteCache.directory(options);
        if (dir.isEmpty()) {
            return MethodCache.NONE;
        }
        try {
            return MethodCache.in(store(dir.get().resolve(METHODS), KEEP), store(dir.get().resolve(CALLS), KEEP_CALLS),
                    RewriteKey.ofAnalysis(options));
        } catch (IOException | UncheckedIOException e) {
            return MethodCache.NONE;
        }
    }

    /**
     * Where rewritten classes are kept for re-runs: the rewrite cache's {@value #CLASSES} directory, under the key of
     * this run's options and program (every input class's treatment and shape, the capsules, the method handles'
     * targets with {@code --elide dynamic-escape}); none if this run has no cache.
     */
    private KeptRewrites keptRewrites(InputJar input, Capsules capsules, Set<String> handleTargets) {
        Optional<Path> dir = RewriteCache.directory(options);
        if (dir.isEmpty()) {
            return KeptRewrites.NONE;
        }
        try {
            Digest d = new Digest().add(RewriteKey.ofClassRewrites(options));
            Map<String, String> program = new TreeMap<>();
            for (InputClass c : input.classes()) {
                program.putIfAbsent(c.entryName(), c.treatment() + " " + c.info().describe());
            }
            program.forEach((entry, c) -> d.add(entry).add(c));
            d.add(capsules.describe());
            d.add(new TreeSet<>(handleTargets).toString());
            return new KeptRewrites(Optional.of(store(dir.get().resolve(CLASSES), KEEP)), d.hex());
        } catch (IOException | UncheckedIOException e) {
            return KeptRewrites.NONE;
        }
    }

    /** A class to rewrite with the placement's answers for it and the entry kept under the same answers, if any. */
    private record Answered(InputClass c, Optional<String> answers, Optional<KeptRewrites.Kept> kept) {
    }

    /**
     * The placement's answers for each class to rewrite, if it has an entry to keep (none without a cache or an answer
     * of the placement for it), and the entry kept under the same answers if there is one.
     */
    private List<Answered> answered(List<InputClass> toRewrite, KeptRewrites kept) {
        List<Answered> answered = new ArrayList<>();
        for (InputClass c : toRewrite) {
            Optional<String> answers = kept.keeps() ? placement.classDigest(c.info().name()) : Optional.empty();
            answered.add(new Answered(c, answers,
                    answers.flatMap(a -> kept.entry(c).filter(k -> k.answers().equals(a)))));
        }
        return answered;
    }

    /**
     * The classes with no kept entry, rewritten ahead under the last run's proxy groups ({@link RewritesAhead}), if this
     * run keeps entries, knows those groups and has at most one such class per worker. (A class with an entry made under
     * other placement answers, a caller of an edited method, is rewritten when its turn comes: only reading its entry
     * tells.)
     */
    private RewritesAhead<Rewritten> rewritesAhead(List<InputClass> toRewrite, KeptRewrites kept,
            Optional<FieldProxies> lastGroups, Environment env) {
        if (!kept.keeps() || lastGroups.isEmpty()) {
            return RewritesAhead.none();
        }
        List<InputClass> unkept = toRewrite.stream().filter(c -> !kept.has(c)).toList();
        if (unkept.isEmpty() || unkept.size() > options.threads()) {
            return RewritesAhead.none();
        }
        return RewritesAhead.start(unkept, lastGroups.get(), env, options.proxies(), this::made);
    }

    /**
     * A class this run rewrites: the placement's answers for it, the entry kept under the same answers if there is one,
     * and, with proxies, its fit as encoded (the entry's, or that of the one made now) and the warnings fitting it gave,
     * and the fit itself if it was made now (ahead, or here).
     */
    private record ClassToRewrite(InputClass c, Optional<String> answers, Optional<KeptRewrites.Kept> kept,
            ClassFit fit, EncodedFit encodedFit, List<Diagnostics.Warning> fitWarnings) {
    }

    /**
     * The classes to rewrite by entry name, in the jar's order, with their kept entries and (with proxies) their fits,
     * encoded if the run {@code keeps} entries.
     */
    private Map<String, ClassToRewrite> classesToRewrite(List<Answered> answered, Environment env,
            RewritesAhead<Rewritten> ahead, boolean keeps) {
        Map<String, ClassToRewrite> classes = new LinkedHashMap<>();
        for (Answered a : answered) {
            InputClass c = a.c();
            ClassFit fit = null;
            EncodedFit encoded = null;
            List<Diagnostics.Warning> fitWarnings = List.of();
            if (options.proxies() && a.kept().isPresent() && a.kept().get().fit() != null) {
                encoded = a.kept().get().fit();
                fitWarnings = a.kept().get().fitWarnings();
            } else if (options.proxies()) {
                Diagnostics.Deferred<ClassFit> fitted = ahead.fit(c)
                        .orElseGet(() -> diagnostics.deferring(() -> ClassFit.of(c.bytes(), env)));
                fit = fitted.value();
                encoded = keeps ? EncodedFit.of(fit) : null;
                fitWarnings = fitted.warnings();
            }
            diagnostics.replay(fitWarnings);
            classes.put(c.entryName(), new ClassToRewrite(c, a.answers(), a.kept(), fit, encoded, fitWarnings));
        }
        return classes;
    }

    /**
     * The proxy groups of {@code classes} and the warnings finding them gave, held back: the last run's ({@code last}) if
     * they were found from fits of the same digest (every class's, in the jar's order), else found now from every
     * class's fit, the kept ones decoded. A kept fit that cannot be decoded is made again from the class, as its entry's
     * fit was (its warnings were given already). A run that {@code keeps} nothing digests no fits.
     */
    private KeptRewrites.Groups groups(Map<String, ClassToRewrite> classes, Optional<KeptRewrites.Groups> last,
            Environment env, boolean keeps) {
        Digest d = new Digest();
        if (keeps) {
            classes.forEach((entry, c) -> d.add(entry).add(c.encodedFit().digest()));
        }
        String fits = d.hex();
        if (last.isPresent() && last.get().fits().equals(fits)) {
            return last.get();
        }
        List<ClassFit> all = new ArrayList<>();
        for (ClassToRewrite c : classes.values()) {
            ClassFit fit = c.fit();
            if (fit == null) {
                try {
                    fit = c.encodedFit().decode();
                } catch (Decoder.Malformed | RuntimeException damaged) {
                    fit = diagnostics.deferring(() -> ClassFit.of(c.c().bytes(), env)).value();
                }
            }
            all.add(fit);
        }
        Diagnostics.Deferred<FieldProxies> found = diagnostics.deferring(() -> FieldProxies.find(ProgramFit.of(all),
                env));
        return new KeptRewrites.Groups(found.value(), fits, found.warnings());
    }

    private FileStore store(Path dir, int keep) {
        FileStore store = new FileStore(dir);
        stores.put(store, keep);
        return store;
    }

    /** Waits for the stores' writes; says so if one failed (the next run then does that work again). */
    private void finishStores() {
        stores.forEach((s, keep) -> s.finish(keep).ifPresent(e -> diagnostics.warn("cannot keep results in the cache "
                + s.directory() + " (" + e + "); the next run computes them again")));
    }

    /** The capsules {@code --capsules} asks for among the classes to rewrite ({@link CapsuleCandidates}). */
    private Capsules capsules(List<byte[]> toRewrite, ClassHierarchy hierarchy) throws StaticBfException {
        try {
            return CapsuleCandidates.select(toRewrite, hierarchy, options.capsules(), diagnostics);
        } catch (IOException e) {
            throw StaticBfException.failure("cannot read the capsule list " + options.capsules().file() + ": "
                    + e.getMessage());
        }
    }

    private static void checkOutputIsNotInput(Options options) throws StaticBfException {
        Path in = options.in().toAbsolutePath().normalize();
        Path out = options.out().toAbsolutePath().normalize();
        try {
            if (in.equals(out) || (Files.exists(out) && Files.exists(in) && Files.isSameFile(in, out))) {
                throw StaticBfException.usage("--out must differ from --in (" + options.out() + ")");
            }
        } catch (IOException e) {
            throw StaticBfException.failure("cannot access " + options.out() + ": " + e.getMessage());
        }
    }

    /** Where classes are looked up: the input jar, then --classpath in order, then the JDK. */
    private List<ClassSource> classSources(InputJar input) throws StaticBfException {
        List<ClassSource> sources = new ArrayList<>();
        sources.add(new InputClassSource(input.classesByName()));
        for (Path element : options.classpath()) {
            if (!Files.exists(element)) {
                diagnostics.warn("--classpath element not found: " + element);
                continue;
            }
            try {
                sources.add(ClassPathSource.open(element));
            } catch (IOException e) {
                closeAll(sources);
                throw StaticBfException.failure("cannot read --classpath element " + element
                        + " (not a directory or jar file: " + e.getMessage() + ")");
            }
        }
        sources.add(new JdkClassSource());
        return sources;
    }

    /**
     * Writes every entry in order. The classes to rewrite are rewritten on {@code --threads} workers ahead of this thread
     * ({@link #rewrite}); this one counts them, gives their warnings and writes them, in the jar's order.
     */
    private void writeEntries(InputJar input, OutputJar output, ClassRewriter rewriter, KeptRewrites kept,
            Map<String, ClassToRewrite> classes, String proxies, RewritesAhead<Rewritten> ahead)
            throws StaticBfException {
        List<ZipEntry> entries = input.entries();
        Set<String> seen = new HashSet<>();
        Set<ZipEntry> repeated = Collections.newSetFromMap(new IdentityHashMap<>()); // a name an earlier entry has
        entries.stream().filter(e -> !seen.add(e.getName())).forEach(repeated::add);
        Progress progress = diagnostics.progress("rewriting entries", entries.size());
        new Parallel(options.threads(), "staticbf-rewrite").inOrder(entries.size(), i -> {
            InputClass c = input.classAt(entries.get(i));
            return c == null || c.treatment() != InputClass.Treatment.REWRITE || repeated.contains(entries.get(i))
                    ? null : rewrite(c, rewriter, classes.get(c.entryName()), proxies, ahead);
        }, new Parallel.InOrder<Rewritten, StaticBfException>() {
            private int next;

            @Override
            public void accept(Rewritten rewritten) throws StaticBfException {
                int index = next++;
                ZipEntry entry = entries.get(index);
                progress.step();
                try {
                    write(index, input, output, rewritten, repeated.contains(entry), kept, classes, proxies);
                } catch (IOException e) {
                    throw new UncheckedIOException(e); // reported as run's other I/O errors are
                }
            }
        });
        progress.end();
    }

    /**
     * A class's rewriting: its new bytes deflated (null if it is left unchanged) and counts, kept ({@code reused}) or made
     * now, with the warnings it gave (the kept ones, or those held back while it was made); or why it failed.
     */
    private record Rewritten(StoredData stored, Counts counts, boolean reused, List<Diagnostics.Warning> warnings,
            StaticBfException failure) {
    }

    /**
     * A class to rewrite whose kept entry was rewritten under the same proxy groups ({@code proxies}) is not rewritten
     * again: its bytes, counts and warnings are the kept ones; nor is one rewritten ahead under the same groups. Runs on
     * the workers of {@link #writeEntries}: its warnings are held back, for the entries' thread to give.
     */
    private Rewritten rewrite(InputClass c, ClassRewriter rewriter, ClassToRewrite toRewrite, String proxies,
            RewritesAhead<Rewritten> ahead) {
        Optional<KeptRewrites.Kept> reused = toRewrite.kept().filter(k -> k.proxies().equals(proxies));
        if (reused.isPresent()) {
            return new Rewritten(reused.get().rewritten(), reused.get().counts(), true, reused.get().warnings(), null);
        }
        return ahead.rewritten(c, proxies).orElseGet(() -> made(c, rewriter));
    }

    /**
     * {@code c} rewritten by {@code rewriter} and deflated (by the thread that rewrote it), its warnings held back; or
     * why it failed.
     */
    private Rewritten made(InputClass c, ClassRewriter rewriter) {
        Diagnostics.Deferred<Rewritten> made = diagnostics.deferring(() -> {
            try {
                ClassRewriter.Result result = rewriter.rewrite(c.bytes());
                return new Rewritten(result.changed() ? StoredData.of(ZipEntry.DEFLATED, result.bytes()) : null,
                        result.counts(), false, List.of(), null);
            } catch (ClassRewriter.RewriteException e) {
                return failed(c, e.getMessage());
            } catch (RuntimeException e) {
                return failed(c, InputJar.describe(e));
            }
        });
        return new Rewritten(made.value().stored(), made.value().counts(), false, made.warnings(),
                made.value().failure());
    }

    private static Rewritten failed(InputClass c, String why) {
        return new Rewritten(null, null, false, List.of(), StaticBfException.failure("cannot rewrite class "
                + c.info().dottedName() + " (entry " + c.entryName() + "): " + why));
    }

    /**
     * Writes the entry at {@code index}: as it is, or a class's {@code rewritten} bytes (null for an entry not
     * rewritten), counted.
     */
    private void write(int index, InputJar input, OutputJar output, Rewritten rewritten, boolean repeated,
            KeptRewrites kept, Map<String, ClassToRewrite> classes, String proxies)
            throws IOException, StaticBfException {
        ZipEntry entry = input.entries().get(index);
        String name = entry.getName();
        if (isSignatureFile(name)) {
            removedSignatureFiles.add(name);
            return;
        }
        if (name.equals(RuntimeApi.METADATA_RESOURCE) || name.equals(RuntimeApi.INTENDED_RACES_RESOURCE)) {
            return; // replaced by this run's
        }
        if (repeated) {
            diagnostics.warn("duplicate entry " + name + " in " + input.path() + "; only the first is kept");
            return;
        }
        InputClass c = input.classAt(entry);
        StoredData stored = c == null ? null : counted(c, rewritten, kept, classes.get(c.entryName()), proxies);
        if (stored != null) {
            EntryHeader header = input.header(index);
            try {
                output.write(header, stored.as(header.method()));
            } catch (DataFormatException e) {
                throw new IOException("class " + c.info().dottedName() + " was kept damaged: " + e.getMessage(), e);
            }
        } else {
            input.copy(index, output);
        }
    }

    /**
     * Counts the class, gives its warnings, keeps its rewriting if it was made now, and returns its rewritten bytes
     * (deflated), or null to copy it unchanged.
     */
    private StoredData counted(InputClass c, Rewritten rewritten, KeptRewrites kept, ClassToRewrite toRewrite,
            String proxies) throws StaticBfException {
        switch (c.treatment()) {
            case SKIP -> {
                counts.classSkipped();
                return null;
            }
            case ALREADY_INSTRUMENTED -> {
                counts.classAlreadyInstrumented();
                alreadyInstrumented.add(c.info().dottedName());
                return null;
            }
            default -> {
                if (rewritten.failure() != null) {
                    throw rewritten.failure();
                }
                diagnostics.replay(rewritten.warnings());
                if (rewritten.reused()) {
                    counts.classReused();
                } else if (toRewrite.answers().isPresent()) {
                    kept.keep(kept.key(c), new KeptRewrites.Kept(toRewrite.answers().get(), toRewrite.encodedFit(),
                            toRewrite.fitWarnings(), proxies, rewritten.stored(), rewritten.counts(),
                            rewritten.warnings()));
                }
                counts.add(rewritten.counts()); // an unchanged class may still count a method too large to change
                if (rewritten.stored() == null) {
                    counts.classUnchanged();
                    return null;
                }
                counts.classRewritten();
                return rewritten.stored();
            }
        }
    }

    private void reportRemovedAndKept() {
        if (!removedSignatureFiles.isEmpty()) {
            diagnostics.warn("removed " + plural(removedSignatureFiles.size(), "signature file") + " "
                    + removedSignatureFiles + ": the rewritten jar is no longer signed");
        }
        if (!alreadyInstrumented.isEmpty()) {
            diagnostics.warn(plural(alreadyInstrumented.size(), "class") + " already instrumented by staticbf, "
                    + "copied unchanged (e.g. " + alreadyInstrumented.get(0) + ")");
        }
    }

    private static void closeAll(List<ClassSource> sources) {
        for (ClassSource s : sources) {
            try {
                s.close();
            } catch (IOException ignored) {
                // already failing with a better message
            }
        }
    }

    static String plural(int n, String noun) {
        return n + " " + (n == 1 ? noun : noun.endsWith("s") ? noun + "es" : noun + "s");
    }
}
