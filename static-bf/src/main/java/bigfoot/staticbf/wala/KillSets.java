package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Whole-program kill sets (the BigFoot dissertation, section 3.3.3, rule [Call]): for every application method,
 * whether running it may (transitively) ACQUIRE and whether it may RELEASE.
 *
 * <p>A method's own operations: monitorenter / synchronized entry / volatile read = acquire;
 * monitorexit / synchronized exit / volatile write / the first use of another application class (its
 * rewritten {@code <clinit>} ends with a release) = release; a native application method = both.
 * A call site: the union over its targets ({@link ProgramCalls}: for a virtual or interface call, every target the
 * class hierarchy allows plus lambda bodies; a points-to call graph alone misses receivers
 * allocated in code it did not reach):
 * <ul>
 * <li>an application (or classpath) target contributes its kill set (the fixed point);</li>
 * <li>a JDK target contributes what the {@link LibraryModel} says, and nothing if it is not
 *     modelled; its body is never analysed (the BigFoot dissertation, section 3.5.1); but the program methods it may call back
 *     ({@link JdkCallbacks}) contribute their kill sets;</li>
 * <li>a site with no target at all counts as BOTH (safe), except an invokedynamic that is not a
 *     lambda (string concatenation) and a call into a JDK class excluded from the hierarchy: those
 *     are JDK calls, and count as NONE.</li>
 * </ul>
 * The fixed point over this graph is a reachability question (the lattice is two booleans): a method
 * acquires iff a method whose own operations acquire is reachable from it ({@link CallSummaries}).
 *
 * <p>Everything is computed in the constructor; afterwards the object is only read, so the
 * per-method analyses may query it from several threads.
 */
public final class KillSets implements CallKills {
    private final ProgramCalls calls;
    private final CallSummaries<KillSet> summaries;
    private final Duration computeTime;

    private KillSets(ProgramCalls calls, Duration resolveTime) {
        long start = System.nanoTime();
        this.calls = calls;
        KillSetParts parts = new KillSetParts(calls.hierarchy());
        this.summaries = new CallSummaries<>(calls, new CallSummaries.Domain<>() {
            @Override
            public KillSet none() {
                return KillSet.NONE;
            }

            @Override
            public KillSet join(KillSet a, KillSet b) {
                return a.union(b);
            }

            @Override
            public KillSet own(IMethod method, MethodSummary body) {
                return parts.own(method, body);
            }

            @Override
            public KillSet call(IMethod caller, ProgramCalls.Targets targets) {
                return parts.call(targets);
            }
        });
        this.computeTime = resolveTime.plusNanos(System.nanoTime() - start);
    }

    /** The kill sets of {@code program}, every method's summary read from its IR. */
    public static KillSets compute(WalaProgram program, MethodIRs irs) {
        long start = System.nanoTime();
        ProgramCalls calls = ProgramCalls.resolve(program, new MethodSummaries(irs, program.hierarchy(),
                m -> Optional.empty()));
        return new KillSets(calls, Duration.ofNanos(System.nanoTime() - start));
    }

    /** The kill sets over call targets already resolved (in {@code resolveTime}). */
    public static KillSets compute(ProgramCalls calls, Duration resolveTime) {
        return new KillSets(calls, resolveTime);
    }

    /** The kill set of running an application method (its body and everything it calls). */
    public KillSet of(IMethod method) {
        return summaries.of(method);
    }

    /** What an application method's own operations and calls do, its callees' kill sets aside. */
    public KillSet own(IMethod method) {
        return summaries.own(method);
    }

    /** What one call of an analysed method does besides running the analysed methods among its targets. */
    public KillSet part(IMethod caller, CallSiteReference site) {
        return summaries.part(caller, site);
    }

    @Override
    public KillSet atCall(IMethod caller, CallSiteReference site) {
        return summaries.atCall(caller, site);
    }

    /**
     * Why a method has a side: the shortest chain of calls from {@code method} to a method whose own
     * operations (or modelled / unresolved calls) have that side. Empty if the method lacks the side.
     */
    public List<IMethod> witness(IMethod method, boolean acquireSide) {
        Predicate<KillSet> side = acquireSide ? KillSet::acquires : KillSet::releases;
        Map<IMethod, IMethod> parent = new HashMap<>();
        Deque<IMethod> todo = new ArrayDeque<>();
        if (side.test(of(method))) {
            todo.add(method);
            parent.put(method, method);
        }
        while (!todo.isEmpty()) {
            IMethod m = todo.poll();
            if (side.test(summaries.own(m))) {
                List<IMethod> chain = new ArrayList<>();
                for (IMethod at = m; at != method; at = parent.get(at)) {
                    chain.add(0, at);
                }
                chain.add(0, method);
                return chain;
            }
            for (IMethod c : calls.callees(m)) {
                if (side.test(of(c)) && parent.putIfAbsent(c, m) == null) {
                    todo.add(c);
                }
            }
        }
        return List.of();
    }

    /** Time to compute the kill sets, resolving the calls and building the IRs of all analysed methods included. */
    public Duration computeTime() {
        return computeTime;
    }

    /** Number of analysed methods: the application's, and those of its classpath and lambdas it reaches. */
    public int methodCount() {
        return calls.methods().size();
    }
}
