package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A transitive whole-program summary of every analysed method ({@link ProgramCalls}) in a join semilattice S: what
 * running the method, and everything it may call, may do. A method's own part is what its instructions do plus what
 * each of its call sites does apart from the analysed methods it runs (a JDK target, an unresolved call); its summary
 * joins its own part with its callees' summaries. The fixed point is computed once, over the strongly connected
 * components of the call relation, callees first, so recursion needs no iteration.
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
        new Components().run();
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

    /**
     * Tarjan's strongly connected components (iterative: call chains are deep), each completed after every component
     * it calls; its members share one summary, the join of their own parts and of the summaries of the components
     * they call.
     */
    private final class Components {
        private final Map<IMethod, Integer> index = new HashMap<>();
        private final Map<IMethod, Integer> low = new HashMap<>();
        private final Deque<IMethod> stack = new ArrayDeque<>();
        private final Map<IMethod, Boolean> onStack = new HashMap<>();
        private int next;

        void run() {
            for (IMethod root : calls.methods()) {
                if (!index.containsKey(root)) {
                    visit(root);
                }
            }
        }

        private void visit(IMethod root) {
            Deque<IMethod> path = new ArrayDeque<>();
            Deque<Iterator<IMethod>> pending = new ArrayDeque<>();
            enter(root, path, pending);
            while (!path.isEmpty()) {
                IMethod m = path.peek();
                Iterator<IMethod> it = pending.peek();
                if (it.hasNext()) {
                    IMethod c = it.next();
                    if (!index.containsKey(c)) {
                        enter(c, path, pending);
                    } else if (onStack.getOrDefault(c, false)) {
                        low.put(m, Math.min(low.get(m), index.get(c)));
                    }
                    continue;
                }
                path.pop();
                pending.pop();
                if (!path.isEmpty()) {
                    IMethod caller = path.peek();
                    low.put(caller, Math.min(low.get(caller), low.get(m)));
                }
                if (low.get(m).equals(index.get(m))) {
                    complete(m);
                }
            }
        }

        private void enter(IMethod m, Deque<IMethod> path, Deque<Iterator<IMethod>> pending) {
            index.put(m, next);
            low.put(m, next);
            next++;
            stack.push(m);
            onStack.put(m, true);
            path.push(m);
            pending.push(calls.callees(m).iterator());
        }

        /** Pops {@code root}'s component and gives its members their summary (every callee outside it is done). */
        private void complete(IMethod root) {
            List<IMethod> members = new ArrayList<>();
            IMethod m;
            do {
                m = stack.pop();
                onStack.put(m, false);
                members.add(m);
            } while (!m.equals(root));
            S s = domain.none();
            for (IMethod member : members) {
                s = domain.join(s, own.get(member));
                for (IMethod c : calls.callees(member)) {
                    S done = summary.get(c);
                    if (done != null) { // null: a member of this component
                        s = domain.join(s, done);
                    }
                }
            }
            for (IMethod member : members) {
                summary.put(member, s);
            }
        }
    }
}
