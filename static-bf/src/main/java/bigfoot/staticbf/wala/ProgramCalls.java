package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAInvokeDynamicInstruction;
import com.ibm.wala.types.MethodReference;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The program's call graph: the analysed methods (the application's, and the classpath and lambda methods they may
 * run) and the targets of each of their call sites, resolved once for every whole-program summary
 * ({@link CallSummaries}: kill sets, write sets). A virtual or interface call's targets are every target the class
 * hierarchy allows plus lambda bodies, a static or special call's the method it resolves to; a JDK target is never
 * analysed, but the program methods it may call back ({@link JdkCallbacks}, CALLBACK) are.
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
    public record Targets(SSAAbstractInvokeInstruction call, Resolution resolution, Set<IMethod> jdk, Set<IMethod> analysed) {
    }

    private final IClassHierarchy cha;
    private final MethodIRs irs;
    private final LambdaBodies lambdas;
    private final JdkCallbacks callbacks;
    /** Every analysed method's call sites, in the order the method's IR lists them. */
    private final Map<IMethod, Map<CallSiteReference, Targets>> sites = new HashMap<>();
    /** The analysed methods each analysed method may call. */
    private final Map<IMethod, Set<IMethod>> callees = new HashMap<>();

    private ProgramCalls(WalaProgram program, MethodIRs irs) {
        this.cha = program.hierarchy();
        this.irs = irs;
        this.lambdas = new LambdaBodies(cha);
        List<IMethod> roots = program.applicationMethods();
        roots.forEach(m -> irs.ir(m).ifPresent(lambdas::scan));
        this.callbacks = new JdkCallbacks(cha, program.applicationClasses(), lambdas);
        explore(roots);
    }

    public static ProgramCalls resolve(WalaProgram program, MethodIRs irs) {
        return new ProgramCalls(program, irs);
    }

    public IClassHierarchy hierarchy() {
        return cha;
    }

    /** The analysed methods. */
    public Set<IMethod> methods() {
        return callees.keySet();
    }

    /** An analysed method's IR; empty for a method without bytecode (native). */
    public Optional<IR> ir(IMethod method) {
        return irs.ir(method);
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
                Map<CallSiteReference, Targets> of = new LinkedHashMap<>();
                Set<IMethod> reached = new LinkedHashSet<>();
                irs.ir(m).ifPresent(ir -> {
                    for (SSAInstruction insn : ir.getInstructions()) {
                        if (insn instanceof SSAAbstractInvokeInstruction call) {
                            Targets t = targets(m, call);
                            of.put(call.getCallSite(), t);
                            reached.addAll(t.analysed());
                        }
                    }
                });
                sites.put(m, of);
                callees.put(m, reached);
                todo.addAll(reached);
            }
        }
    }

    private Targets targets(IMethod caller, SSAAbstractInvokeInstruction call) {
        Set<IMethod> targets = targets(call.getCallSite());
        MethodReference declared = call.getDeclaredTarget();
        if (targets.isEmpty()) {
            if (call instanceof SSAInvokeDynamicInstruction indy) {
                return indy.getBootstrap().isBootstrapForJavaLambdas()
                        ? new Targets(call, Resolution.LAMBDA, Set.of(), Set.of())
                        // a string concatenation calls its operands' toString
                        : new Targets(call, Resolution.INVOKEDYNAMIC, Set.of(), callbacks.of(declared, call.isStatic()));
            }
            return isExcludedJdk(declared.getDeclaringClass().getName().toString())
                    ? new Targets(call, Resolution.EXCLUDED_JDK, Set.of(), callbacks.of(declared, call.isStatic()))
                    : new Targets(call, Resolution.UNKNOWN, Set.of(), Set.of());
        }
        Set<IMethod> jdk = new LinkedHashSet<>();
        Set<IMethod> analysed = new LinkedHashSet<>();
        for (IMethod t : targets) {
            if (WalaProgram.isJdk(t)) {
                jdk.add(t);
                analysed.addAll(callbacks.of(declared, call.isStatic())); // CALLBACK
            } else {
                analysed.add(t);
            }
        }
        return new Targets(call, Resolution.TARGETS, jdk, analysed);
    }

    /**
     * The targets of a site: for a dispatch, every target the class hierarchy allows and lambda bodies; else the
     * method the call resolves to.
     */
    private Set<IMethod> targets(CallSiteReference site) {
        Set<IMethod> result = new LinkedHashSet<>();
        MethodReference declared = site.getDeclaredTarget();
        if (site.isDispatch()) {
            result.addAll(cha.getPossibleTargets(declared));
            result.addAll(lambdas.mayRun(declared));
        } else {
            Optional.ofNullable(cha.resolveMethod(declared)).ifPresent(result::add);
        }
        return result;
    }

    static boolean isExcludedJdk(String typeName) {
        return JdkExclusions.isExcludedJdkClass(typeName.substring(1));
    }
}
