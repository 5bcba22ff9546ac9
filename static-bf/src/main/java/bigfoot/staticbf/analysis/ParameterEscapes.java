package bigfoot.staticbf.analysis;

import bigfoot.staticbf.jdk.ArrayCopiers;
import bigfoot.staticbf.wala.MethodIRs;
import bigfoot.staticbf.wala.ProgramCalls;
import bigfoot.staticbf.wala.WalaProgram;
import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ssa.IR;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which arguments a call keeps to itself, for partial escape ({@link PartialEscape}): per analysed method, the
 * parameters ({@code this} included) its code may publish, where passing one to a call publishes it unless every
 * target of the call keeps it. The least fixed point over the program's call graph ({@link ProgramCalls}): a
 * parameter is published only through a chain of calls that ends in a publishing point, so recursion alone publishes
 * nothing. JDK code is never analysed: a JDK target keeps an argument only by {@link #jdkKeeps}; unresolved calls,
 * invokedynamics (a lambda captures its arguments) and native methods keep nothing.
 */
final class ParameterEscapes {

    /** JDK constructors that only initialise their own fields: {@code this} stays with the caller. */
    private static final Set<String> PRIVATE_JDK_CONSTRUCTORS = Set.of("Ljava/lang/Object", "Ljava/lang/Record",
            "Ljava/lang/Enum", "Ljava/lang/Number");

    private final ProgramCalls calls;
    private final MethodIRs irs;
    /** Per analysed method with a body, the parameters it may publish (grows to the fixed point). */
    private final Map<IMethod, BitSet> published = new HashMap<>();

    private ParameterEscapes(ProgramCalls calls, MethodIRs irs) {
        this.calls = calls;
        this.irs = irs;
    }

    /** The summaries of every analysed method of {@code calls}, whose IRs {@code irs} builds. */
    static ParameterEscapes compute(ProgramCalls calls, MethodIRs irs) {
        ParameterEscapes escapes = new ParameterEscapes(calls, irs);
        escapes.solve();
        return escapes;
    }

    /** Which arguments the calls of {@code caller} keep to themselves. */
    PartialEscape.Callees of(IMethod caller) {
        return (call, argument) -> keeps(caller, call.getCallSite(), argument);
    }

    private void solve() {
        Map<IMethod, Set<IMethod>> callers = new HashMap<>();
        Deque<IMethod> work = new ArrayDeque<>();
        for (IMethod m : calls.methods()) {
            if (irs.ir(m).isPresent()) {
                published.put(m, new BitSet());
                work.add(m);
            }
            for (IMethod callee : calls.callees(m)) {
                callers.computeIfAbsent(callee, k -> new LinkedHashSet<>()).add(m);
            }
        }
        Set<IMethod> queued = new HashSet<>(work);
        while (!work.isEmpty()) {
            IMethod m = work.pop();
            queued.remove(m);
            Optional<IR> ir = irs.ir(m);
            BitSet now = PartialEscape.publishedParameters(ir.orElseThrow(), of(m));
            BitSet before = published.get(m);
            if (!now.equals(before)) {
                before.or(now);
                for (IMethod caller : callers.getOrDefault(m, Set.of())) {
                    if (published.containsKey(caller) && queued.add(caller)) {
                        work.add(caller);
                    }
                }
            }
        }
    }

    /** True if every target of the call at {@code site} in {@code caller} keeps argument {@code argument} to itself. */
    boolean keeps(IMethod caller, CallSiteReference site, int argument) {
        if (!calls.methods().contains(caller)) {
            return false; // not reached by the program's calls: its call sites were never resolved
        }
        ProgramCalls.Targets targets = calls.at(caller, site);
        if (targets.resolution() != ProgramCalls.Resolution.TARGETS) {
            return false;
        }
        for (IMethod jdk : targets.jdk()) {
            if (!jdkKeeps(jdk, argument)) {
                return false;
            }
        }
        for (IMethod target : targets.analysed()) {
            BitSet p = published.get(target);
            if (p == null || p.get(argument) || (argument == 0 && finalized(target))) {
                return false;
            }
        }
        return true;
    }

    /**
     * True if {@code method} is a constructor of a class with a finalizer: at its end the JVM's finalizer thread can
     * reach the object ({@link bigfoot.staticbf.jdk.FinalizerEdge}), which so escapes, with no store the analysis sees.
     */
    private static boolean finalized(IMethod method) {
        return method.isInit() && WalaProgram.hasFinalizer(method.getDeclaringClass());
    }

    /**
     * The JDK methods known to keep an argument: a constructor of a class that only initialises its fields keeps
     * {@code this}; the array copiers keep their arrays ({@link ArrayCopiers}).
     */
    private static boolean jdkKeeps(IMethod method, int argument) {
        String owner = method.getDeclaringClass().getName().toString();
        if (method.isInit() && argument == 0 && PRIVATE_JDK_CONSTRUCTORS.contains(owner)) {
            return true;
        }
        return argument < method.getNumberOfParameters() && ArrayCopiers.keeps(owner.substring(1),
                method.getName().toString(), method.getParameterType(argument).getName().toString());
    }
}
