package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.CallGraph;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAInvokeDynamicInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.MethodReference;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Whole-program kill sets (reference/bigfoot.md section 7, [Call]): for every application method,
 * whether running it may (transitively) ACQUIRE and whether it may RELEASE.
 *
 * <p>A method's own operations: monitorenter / synchronized entry / volatile read = acquire;
 * monitorexit / synchronized exit / volatile write / the first use of another application class (its
 * rewritten {@code <clinit>} ends with a release) = release; a native application method = both.
 * A call site: the union over its targets in the call graph and, for a virtual or interface call, every
 * target the class hierarchy allows plus lambda bodies (the call graph alone misses receivers allocated in
 * code it did not reach):
 * <ul>
 * <li>an application (or classpath) target contributes its kill set (the fixed point);</li>
 * <li>a JDK target contributes what the {@link LibraryModel} says, and nothing if it is not
 *     modelled; its body is never analysed (section 10.7); but the program methods it may call back
 *     ({@link JdkCallbacks}) contribute their kill sets;</li>
 * <li>a site with no target at all counts as BOTH (safe), except an invokedynamic that is not a
 *     lambda (string concatenation) and a call into a JDK class excluded from the hierarchy: those
 *     are JDK calls, and count as NONE.</li>
 * </ul>
 * The fixed point over this graph is a reachability question (the lattice is two booleans): a method
 * acquires iff a method whose own operations acquire is reachable from it; computed backwards from
 * those methods, once per side, so recursion needs no special care.
 *
 * <p>Everything is computed in the constructor; afterwards the object is only read, so the
 * per-method analyses may query it from several threads.
 */
public final class KillSets {
    private final IClassHierarchy cha;
    private final CallGraph graph;
    private final MethodIRs irs;
    private final LibraryModel model;
    private final LambdaBodies lambdas;
    private final JdkCallbacks callbacks;
    /** Own kill set of every analysed method: its instructions plus its calls' modelled / unresolved sides. */
    private final Map<IMethod, KillSet> own = new HashMap<>();
    /** The analysed methods each analysed method may call. */
    private final Map<IMethod, Set<IMethod>> callees = new HashMap<>();
    /** The effect of every call site of every analysed method. */
    private final Map<IMethod, Map<CallSiteReference, CallEffect>> calls = new HashMap<>();
    private final Set<IMethod> acquiring = new HashSet<>();
    private final Set<IMethod> releasing = new HashSet<>();
    private final Duration computeTime;

    /** The effect of one call site: a fixed part, plus the kill sets of the analysed methods it may run. */
    private record CallEffect(KillSet fixed, Set<IMethod> callees) {
    }

    private KillSets(WalaProgram program, ProgramCallGraph callGraph, MethodIRs irs) {
        long start = System.nanoTime();
        this.cha = program.hierarchy();
        this.graph = callGraph.graph().orElse(null);
        this.irs = irs;
        this.model = new LibraryModel(cha);
        this.lambdas = new LambdaBodies(cha);
        List<IMethod> roots = program.applicationMethods();
        roots.forEach(m -> irs.ir(m).ifPresent(lambdas::scan));
        this.callbacks = new JdkCallbacks(cha, program.applicationClasses(), lambdas);
        explore(roots);
        Map<IMethod, Set<IMethod>> callers = new HashMap<>();
        callees.forEach((m, cs) -> cs.forEach(c -> callers.computeIfAbsent(c, k -> new HashSet<>()).add(m)));
        propagate(callers, KillSet::acquires, acquiring);
        propagate(callers, KillSet::releases, releasing);
        this.computeTime = Duration.ofNanos(System.nanoTime() - start);
    }

    public static KillSets compute(WalaProgram program, ProgramCallGraph callGraph, MethodIRs irs) {
        return new KillSets(program, callGraph, irs);
    }

    /** The kill set of running an application method (its body and everything it calls). */
    public KillSet of(IMethod method) {
        requireAnalysed(method);
        return KillSet.of(acquiring.contains(method), releasing.contains(method));
    }

    /** The kill set of one call in an application method: what the [Call] rule kills at that call. */
    public KillSet atCall(IMethod caller, SSAAbstractInvokeInstruction call) {
        requireAnalysed(caller);
        CallEffect effect = calls.get(caller).get(call.getCallSite());
        if (effect == null) {
            throw new IllegalArgumentException("no call " + call.getCallSite() + " in " + caller.getSignature());
        }
        KillSet result = effect.fixed();
        for (IMethod callee : effect.callees()) {
            result = result.union(of(callee));
        }
        return result;
    }

    /**
     * Why a method has a side: the shortest chain of calls from {@code method} to a method whose own
     * operations (or modelled / unresolved calls) have that side. Empty if the method lacks the side.
     */
    public List<IMethod> witness(IMethod method, boolean acquireSide) {
        requireAnalysed(method);
        Set<IMethod> marked = acquireSide ? acquiring : releasing;
        Predicate<KillSet> side = acquireSide ? KillSet::acquires : KillSet::releases;
        Map<IMethod, IMethod> parent = new HashMap<>();
        Deque<IMethod> todo = new ArrayDeque<>();
        if (marked.contains(method)) {
            todo.add(method);
            parent.put(method, method);
        }
        while (!todo.isEmpty()) {
            IMethod m = todo.poll();
            if (side.test(own.get(m))) {
                List<IMethod> chain = new ArrayList<>();
                for (IMethod at = m; at != method; at = parent.get(at)) {
                    chain.add(0, at);
                }
                chain.add(0, method);
                return chain;
            }
            for (IMethod c : callees.get(m)) {
                if (marked.contains(c) && parent.putIfAbsent(c, m) == null) {
                    todo.add(c);
                }
            }
        }
        return List.of();
    }

    /** Time to compute the kill sets, building the IRs of all analysed methods included. */
    public Duration computeTime() {
        return computeTime;
    }

    /** Number of analysed methods: the application's, and those of its classpath and lambdas it reaches. */
    public int methodCount() {
        return own.size();
    }

    private void requireAnalysed(IMethod method) {
        if (!own.containsKey(method)) {
            throw new IllegalArgumentException("not an analysed method: " + method.getSignature());
        }
    }

    private void explore(List<IMethod> roots) {
        Deque<IMethod> todo = new ArrayDeque<>(roots);
        while (!todo.isEmpty()) {
            IMethod m = todo.pop();
            if (!own.containsKey(m)) {
                Map<CallSiteReference, CallEffect> effects = new HashMap<>();
                own.put(m, analyse(m, effects));
                Set<IMethod> reached = new LinkedHashSet<>();
                effects.values().forEach(e -> reached.addAll(e.callees()));
                calls.put(m, effects);
                callees.put(m, reached);
                todo.addAll(reached);
            }
        }
    }

    /** The method's own operations; the effect of each of its calls is put in {@code effects}. */
    private KillSet analyse(IMethod m, Map<CallSiteReference, CallEffect> effects) {
        Optional<IR> ir = irs.ir(m);
        if (ir.isEmpty()) {
            return KillSet.BOTH; // native code (or no bytecode): may do anything
        }
        // SYNCHRONIZED METHOD (and a ForkJoin task's compute()): acquire at entry, release at every exit
        KillSet result = m.isSynchronized() || model.isForkJoinCompute(m) ? KillSet.BOTH : KillSet.NONE;
        for (SSAInstruction insn : ir.get().getInstructions()) {
            if (insn instanceof SSAMonitorInstruction monitor) {
                result = result.union(monitor.isMonitorEnter() ? KillSet.ACQUIRE : KillSet.RELEASE);
            } else if (insn instanceof SSAFieldAccessInstruction access) {
                result = result.union(volatileAccess(access));
                if (access.isStatic()) {
                    IField field = cha.resolveField(access.getDeclaredField());
                    result = result.union(classInitialization(m, field == null ? null : field.getDeclaringClass()));
                }
            } else if (insn instanceof SSANewInstruction allocation && !allocation.getConcreteType().isArrayType()) {
                result = result.union(classInitialization(m, cha.lookupClass(allocation.getConcreteType())));
            } else if (insn instanceof SSAAbstractInvokeInstruction call) {
                if (call.isStatic()) {
                    IMethod target = cha.resolveMethod(call.getDeclaredTarget());
                    result = result.union(classInitialization(m, target == null ? null : target.getDeclaringClass()));
                }
                CallEffect effect = callEffect(m, call);
                result = result.union(effect.fixed());
                effects.put(call.getCallSite(), effect);
            }
        }
        return result;
    }

    /**
     * CLASS INIT: the first use (new, static access, static call) of a rewritten (application) class runs its
     * {@code <clinit>}, which the runtime ends with a release; so it may release, unless it is the running
     * method's own class or a superclass of it (initialised before the method could run).
     */
    private static KillSet classInitialization(IMethod running, IClass used) {
        if (used == null || !used.getClassLoader().getReference().equals(ClassLoaderReference.Application)) {
            return KillSet.NONE;
        }
        for (IClass c = running.getDeclaringClass(); c != null; c = c.getSuperclass()) {
            if (c.equals(used)) {
                return KillSet.NONE;
            }
        }
        return KillSet.RELEASE;
    }

    /** VOLATILE READ = acquire after the read, VOLATILE WRITE = release before the write. */
    private KillSet volatileAccess(SSAFieldAccessInstruction access) {
        IField field = cha.resolveField(access.getDeclaredField());
        if (field == null) {
            // an excluded JDK class's field is library state; any other unknown field may be volatile
            return isExcludedJdk(access.getDeclaredField().getDeclaringClass().getName().toString()) ? KillSet.NONE : KillSet.BOTH;
        }
        if (!field.isVolatile()) {
            return KillSet.NONE;
        }
        return access instanceof SSAGetInstruction ? KillSet.ACQUIRE : KillSet.RELEASE;
    }

    private CallEffect callEffect(IMethod caller, SSAAbstractInvokeInstruction call) {
        Set<IMethod> targets = targets(caller, call.getCallSite());
        if (targets.isEmpty()) {
            boolean lambda = call instanceof SSAInvokeDynamicInstruction indy && indy.getBootstrap().isBootstrapForJavaLambdas();
            boolean jdkCall = call instanceof SSAInvokeDynamicInstruction
                    || isExcludedJdk(call.getDeclaredTarget().getDeclaringClass().getName().toString());
            // a string concatenation calls its operands' toString
            return new CallEffect(jdkCall ? KillSet.NONE : KillSet.BOTH,
                    jdkCall && !lambda ? callbacks.of(call.getDeclaredTarget(), call.isStatic()) : Set.of());
        }
        IClass declared = cha.lookupClass(call.getDeclaredTarget().getDeclaringClass());
        KillSet fixed = KillSet.NONE;
        Set<IMethod> analysed = new LinkedHashSet<>();
        for (IMethod t : targets) {
            if (WalaProgram.isJdk(t)) {
                fixed = fixed.union(model.sideOf(t, declared).orElse(KillSet.NONE));
                analysed.addAll(callbacks.of(call.getDeclaredTarget(), call.isStatic())); // CALLBACK
            } else {
                analysed.add(t);
            }
        }
        IMethod named = cha.resolveMethod(call.getDeclaredTarget());
        if (named != null && WalaProgram.isJdk(named) && LibraryModel.detectsInterrupts(named)) {
            fixed = fixed.union(KillSet.ACQUIRE);
        }
        return new CallEffect(fixed, analysed);
    }

    /**
     * The targets of a site: the call graph's and, for a dispatch, every target the class hierarchy allows (and
     * lambda bodies). The call graph's points-to sets only know the objects allocated in code reachable from its
     * entry points: a library analysed without its clients (lucene: no main) hands its methods receivers made
     * elsewhere, whose methods (a synchronized RAMFile.addBuffer behind IndexOutput.writeVInt) the call graph never
     * sees. A kill set that missed them would let a check move past a release.
     */
    private Set<IMethod> targets(IMethod caller, CallSiteReference site) {
        Set<IMethod> result = new LinkedHashSet<>();
        if (graph != null) {
            for (CGNode node : graph.getNodes(caller.getReference())) {
                graph.getPossibleTargets(node, site).forEach(t -> result.add(t.getMethod()));
            }
        }
        MethodReference declared = site.getDeclaredTarget();
        if (site.isDispatch()) {
            result.addAll(cha.getPossibleTargets(declared));
            result.addAll(lambdas.mayRun(declared));
        } else if (result.isEmpty()) {
            Optional.ofNullable(cha.resolveMethod(declared)).ifPresent(result::add);
        }
        return result;
    }

    private static boolean isExcludedJdk(String typeName) {
        return JdkExclusions.isExcludedJdkClass(typeName.substring(1));
    }

    /** Marks every method from which a method whose own kill set has the side is reachable. */
    private void propagate(Map<IMethod, Set<IMethod>> callers, Predicate<KillSet> side, Set<IMethod> marked) {
        Deque<IMethod> todo = new ArrayDeque<>();
        own.forEach((m, k) -> {
            if (side.test(k)) {
                todo.add(m);
            }
        });
        while (!todo.isEmpty()) {
            IMethod m = todo.pop();
            if (marked.add(m)) {
                todo.addAll(callers.getOrDefault(m, Set.of()));
            }
        }
    }
}
