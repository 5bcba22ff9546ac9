package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A transitive whole-program summary of every analysed method ({@link ProgramCalls}) in a join semilattice S: what
 * running the method, and everything it may call, may do. A method's own part is what its instructions do plus what
 * each of its call sites does apart from the analysed methods it runs (a JDK target, an unresolved call); its summary
 * joins its own part with its callees' summaries. The fixed point is computed once ({@link SummaryFixpoint}).
 *
 * <p>Everything is computed in the constructor; afterwards the object is only read.
 */
public final class CallSummaries<S> {

    /** What one kind of summary needs to know. */
    public interface Domain<S> {
        /** The bottom element: does nothing. */
        S none();

        S join(S a, S b);

        /** What an analysed method's own instructions do, its calls' {@link #call} parts aside. */
        S own(IMethod method, MethodSummary body);

        /** What one call does besides running the analysed methods among its targets. */
        S call(IMethod caller, ProgramCalls.Targets targets);
    }

    private final ProgramCalls calls;
    private final Domain<S> domain;
    private final Map<IMethod, S> own = new HashMap<>();
    private final Map<IMethod, Map<CallSiteReference, S>> atSite = new HashMap<>();
    private final Map<IMethod, S> summary = new HashMap<>();

    public CallSummaries(ProgramCalls calls, Domain<S> domain) {
        this.calls = calls;
        this.domain = domain;
        for (IMethod m : calls.methods()) {
            S s = domain.own(m, calls.summary(m));
            Map<CallSiteReference, S> sites = new HashMap<>();
            for (ProgramCalls.Targets t : calls.sites(m)) {
                S c = domain.call(m, t);
                sites.put(t.call().site(), c);
                s = domain.join(s, c);
            }
            own.put(m, s);
            atSite.put(m, sites);
        }
        List<IMethod> methods = List.copyOf(calls.methods());
        Map<IMethod, Integer> ids = new HashMap<>();
        methods.forEach(m -> ids.put(m, ids.size()));
        int[][] callees = methods.stream()
                .map(m -> calls.callees(m).stream().mapToInt(ids::get).toArray()).toArray(int[][]::new);
        List<S> solved = SummaryFixpoint.solve(callees, i -> own.get(methods.get(i)), domain.none(), domain::join);
        for (int i = 0; i < methods.size(); i++) {
            summary.put(methods.get(i), solved.get(i));
        }
    }

    /** The summary of running an analysed method: its body and everything it may call. */
    public S of(IMethod method) {
        S s = summary.get(method);
        if (s == null) {
            throw new IllegalArgumentException("not an analysed method: " + method.getSignature());
        }
        return s;
    }

    /** What an analysed method's own instructions and calls do, its callees' summaries aside. */
    public S own(IMethod method) {
        of(method);
        return own.get(method);
    }

    /** What one call in an analysed method does besides running the analysed methods among its targets. */
    public S part(IMethod caller, CallSiteReference site) {
        of(caller);
        S part = atSite.get(caller).get(site);
        if (part == null) {
            throw new IllegalArgumentException("no call " + site + " in " + caller.getSignature());
        }
        return part;
    }

    /** The summary of one call in an analysed method: the call's own part and its analysed targets' summaries. */
    public S atCall(IMethod caller, CallSiteReference site) {
        of(caller);
        ProgramCalls.Targets targets = calls.at(caller, site);
        S result = atSite.get(caller).get(site);
        for (IMethod callee : targets.analysed()) {
            result = domain.join(result, of(callee));
        }
        return result;
    }
}
