package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.types.MethodReference;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The program's call graph: the analysed methods (the application's, and the classpath and lambda methods they may
 * run) and the targets of each of their call sites, resolved once for every whole-program summary (kill sets,
 * {@link CallSummaries}; write sets, solved by the analysis over its call graph). A virtual or interface call's
 * targets are every target the class hierarchy allows plus lambda bodies, a static or special call's the method it
 * resolves to; a JDK target is never analysed, but the program methods it may call back ({@link JdkCallbacks},
 * CALLBACK) are.
 *
 * <p>Why not a points-to call graph (0-CFA, RTA): its points-to sets only know the objects allocated in code
 * reachable from its entry points. A library analysed without its clients (lucene: no main) hands its methods
 * receivers made elsewhere, whose methods (a synchronized {@code RAMFile.addBuffer} behind
 * {@code IndexOutput.writeVInt}) such a call graph never sees, and a summary that missed them would let a check move
 * past a release. So the class hierarchy's targets are needed at every dispatch anyway, and they hold every target a
 * points-to call graph finds there; its only other answers were for JDK code, whose bodies are never analysed. WALA's
 * 0-CFA took 43-60 s of h2's 50-60 s run and changed no byte of what StaticBF wrote for lucene, h2, xalan or derby.
 *
 * <p>Everything is computed in the constructor; afterwards the object is only read.
 */
public final class ProgramCalls {

    /** How a call site was resolved. */
    public enum Resolution {
        /** Its targets are known: {@link Targets#jdk()} and the analysed ones. */
        TARGETS,
        /** No target at all, and not a JDK call: unknown code (a class missing from the classpath). */
        UNKNOWN,
        /** No target: a call into a JDK class excluded from the hierarchy ({@link JdkExclusions}); may call back. */
        EXCLUDED_JDK,
        /** An invokedynamic that is not a lambda (javac's string concatenation): may call back. */
        INVOKEDYNAMIC,
        /** An invokedynamic creating a lambda: runs nothing. */
        LAMBDA
    }

    /**
     * The targets of one call site.
     *
     * @param call     the call instruction
     * @param jdk      its JDK targets (bodies never analysed)
     * @param analysed the analysed methods it may run: program targets and the program methods JDK code may call back
     */
    public record Targets(MethodSummary.CallSite call, Resolution resolution, Set<IMethod> jdk, Set<IMethod> analysed) {
    }

    private final IClassHierarchy cha;
    private final MethodSummaries summaries;
    private final LambdaBodies lambdas;
    private final JdkCallbacks callbacks;
    /** Every analysed method's call sites, in the order the method's IR lists them. */
    private final Map<IMethod, Map<CallSiteReference, Targets>> sites = new HashMap<>();
    /** The analysed methods each analysed method may call. */
    private final Map<IMethod, Set<IMethod>> callees = new HashMap<>();
    /** The targets of dispatches, and the methods fixed calls resolve to, by declared target (never changed). */
    private final Map<MethodReference, Set<IMethod>> dispatchTargets = new HashMap<>();
    private final Map<MethodReference, Set<IMethod>> resolved = new HashMap<>();
    /** The targets of calls that have some, split, by declared target and dispatch (shared by the calls; never changed). */
    private final Map<List<Object>, Split> splits = new HashMap<>();

    private ProgramCalls(WalaProgram program, MethodSummaries summaries,
            Function<IMethod, List<MethodSummary.LambdaSite>> lambdasOf) {
        this.cha = program.hierarchy();
        this.summaries = summaries;
        this.lambdas = new LambdaBodies(cha);
        program.applicationMethods().forEach(m -> lambdas.scan(lambdasOf.apply(m)));
        this.callbacks = new JdkCallbacks(cha, program.applicationClasses(), lambdas);
    }

    /** The calls of the program's methods, whose bodies {@code summaries} reads. */
    public static ProgramCalls resolve(WalaProgram program, MethodSummaries summaries) {
        ProgramCalls calls = new ProgramCalls(program, summaries, m -> summaries.of(m).lambdas());
        calls.explore(program.applicationMethods());
        return calls;
    }

    /**
     * The calls of {@code methods} alone, resolved as {@link #resolve} resolves them in the whole program, if
     * {@code lambdasOf} gives the lambdas each application method creates (the targets of a dispatch include the
     * program's lambda bodies): the analysed methods are {@code methods}, and their callees are not explored.
     */
    public static ProgramCalls resolveOnly(WalaProgram program, MethodSummaries summaries,
            Function<IMethod, List<MethodSummary.LambdaSite>> lambdasOf, Collection<IMethod> methods) {
        ProgramCalls calls = new ProgramCalls(program, summaries, lambdasOf);
        methods.forEach(calls::resolveSites);
        return calls;
    }

    public IClassHierarchy hierarchy() {
        return cha;
    }

    /** The analysed methods. */
    public Set<IMethod> methods() {
        return callees.keySet();
    }

    /** What an analysed method's body does ({@link MethodSummary#NO_BODY} for a method without bytecode). */
    public MethodSummary summary(IMethod method) {
        return summaries.of(method);
    }

    /** The call sites of an analysed method. */
    public Collection<Targets> sites(IMethod method) {
        return sites.get(method).values();
    }

    /** The targets of one call of an analysed method. */
    public Targets at(IMethod caller, CallSiteReference site) {
        Targets targets = sites.get(caller).get(site);
        if (targets == null) {
            throw new IllegalArgumentException("no call " + site + " in " + caller.getSignature());
        }
        return targets;
    }

    /** The analysed methods an analysed method may call. */
    public Set<IMethod> callees(IMethod method) {
        return callees.get(method);
    }

    private void explore(List<IMethod> roots) {
        Deque<IMethod> todo = new ArrayDeque<>(roots);
        while (!todo.isEmpty()) {
            IMethod m = todo.pop();
            if (!callees.containsKey(m)) {
                todo.addAll(resolveSites(m));
            }
        }
    }

    /** Resolves the targets of {@code m}'s calls; gives the analysed methods it may call. */
    private Set<IMethod> resolveSites(IMethod m) {
        Map<CallSiteReference, Targets> of = new LinkedHashMap<>();
        Set<IMethod> reached = new LinkedHashSet<>();
        for (MethodSummary.CallSite call : summaries.of(m).calls()) {
            Targets t = targets(call);
            of.put(call.site(), t);
            reached.addAll(t.analysed());
        }
        sites.put(m, of);
        callees.put(m, reached);
        return reached;
    }

    private Targets targets(MethodSummary.CallSite call) {
        Set<IMethod> targets = targets(call.site());
        MethodReference declared = call.site().getDeclaredTarget();
        boolean isStatic = call.site().isStatic();
        if (targets.isEmpty()) {
            if (call.isInvokeDynamic()) {
                return call.kind() == MethodSummary.Kind.LAMBDA
                        ? new Targets(call, Resolution.LAMBDA, Set.of(), Set.of())
                        // a string concatenation calls its operands' toString
                        : new Targets(call, Resolution.INVOKEDYNAMIC, Set.of(), callbacks.of(declared, isStatic));
            }
            return isExcludedJdk(declared.getDeclaringClass().getName().toString())
                    ? new Targets(call, Resolution.EXCLUDED_JDK, Set.of(), callbacks.of(declared, isStatic))
                    : new Targets(call, Resolution.UNKNOWN, Set.of(), Set.of());
        }
        Split split = splits.computeIfAbsent(List.of(declared, call.site().getInvocationCode()), k -> {
            Set<IMethod> jdk = new LinkedHashSet<>();
            Set<IMethod> analysed = new LinkedHashSet<>();
            for (IMethod t : targets) {
                if (!WalaProgram.isJdk(t)) {
                    analysed.add(t);
                } else if (jdk.add(t) && jdk.size() == 1) {
                    analysed.addAll(callbacks.of(declared, isStatic)); // CALLBACK, once for all JDK targets
                }
            }
            return new Split(Collections.unmodifiableSet(jdk), Collections.unmodifiableSet(analysed));
        });
        return new Targets(call, Resolution.TARGETS, split.jdk(), split.analysed());
    }

    /** A call's targets split into JDK targets and analysed ones (program targets and callbacks). */
    private record Split(Set<IMethod> jdk, Set<IMethod> analysed) {
    }

    /**
     * The targets of a site: for a dispatch, every target the class hierarchy allows and lambda bodies; else the
     * method the call resolves to. Both depend on the declared target only, so each is resolved once per run.
     */
    private Set<IMethod> targets(CallSiteReference site) {
        MethodReference declared = site.getDeclaredTarget();
        if (site.isDispatch()) {
            return dispatchTargets.computeIfAbsent(declared, d -> {
                Set<IMethod> result = new LinkedHashSet<>(cha.getPossibleTargets(d));
                result.addAll(lambdas.mayRun(d));
                return result;
            });
        }
        return resolved.computeIfAbsent(declared, d -> {
            IMethod m = cha.resolveMethod(d);
            return m == null ? Set.of() : Set.of(m);
        });
    }

    static boolean isExcludedJdk(String typeName) {
        return JdkExclusions.isExcludedJdkClass(typeName.substring(1));
    }
}
