package bigfoot.staticbf.wala;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.IntFunction;

/**
 * The least fixed point of a transitive summary over a call relation: a method's summary joins its own part with its
 * callees' summaries. Computed over the strongly connected components (Tarjan's, iterative: call chains are deep),
 * each completed after every component it calls; the members of a component share one summary, the join of their own
 * parts and of the summaries of the components they call, so recursion needs no iteration. The join must be
 * commutative and associative: the result does not depend on the order of the methods or of their callees.
 *
 * <p>Methods are numbered {@code 0..count-1}: a program has thousands, and a run that reads the call graph from the
 * cache solves it cold.
 *
 * @param <S> a summary
 */
public final class SummaryFixpoint<S> {

    private static final int UNVISITED = -1;

    private final int[][] callees;
    private final IntFunction<S> own;
    private final S none;
    private final BinaryOperator<S> join;
    private final List<S> summary;
    private final int[] index;
    private final int[] low;
    private final boolean[] onStack;
    private final int[] stack;
    /** The path of the depth-first search, and for each method on it the next of its callees to look at. */
    private final int[] path;
    private final int[] pending;
    private int stackSize;
    private int next;

    private SummaryFixpoint(int[][] callees, IntFunction<S> own, S none, BinaryOperator<S> join) {
        int count = callees.length;
        this.callees = callees;
        this.own = own;
        this.none = none;
        this.join = join;
        this.summary = new ArrayList<>(Collections.nCopies(count, null));
        this.index = new int[count];
        this.low = new int[count];
        this.onStack = new boolean[count];
        this.stack = new int[count];
        this.path = new int[count];
        this.pending = new int[count];
        Arrays.fill(index, UNVISITED);
    }

    /**
     * Every method's summary, by number: method {@code i} calls the methods {@code callees[i]} and does {@code own(i)}
     * itself.
     */
    public static <S> List<S> solve(int[][] callees, IntFunction<S> own, S none, BinaryOperator<S> join) {
        SummaryFixpoint<S> f = new SummaryFixpoint<>(callees, own, none, join);
        for (int root = 0; root < callees.length; root++) {
            if (f.index[root] == UNVISITED) {
                f.visit(root);
            }
        }
        return f.summary;
    }

    private void visit(int root) {
        int depth = 0;
        enter(root);
        pending[depth] = 0;
        path[depth++] = root;
        while (depth > 0) {
            int m = path[depth - 1];
            int[] calls = callees[m];
            if (pending[depth - 1] < calls.length) {
                int c = calls[pending[depth - 1]++];
                if (index[c] == UNVISITED) {
                    enter(c);
                    pending[depth] = 0;
                    path[depth++] = c;
                } else if (onStack[c]) {
                    low[m] = Math.min(low[m], index[c]);
                }
                continue;
            }
            depth--;
            if (depth > 0) {
                int caller = path[depth - 1];
                low[caller] = Math.min(low[caller], low[m]);
            }
            if (low[m] == index[m]) {
                complete(m);
            }
        }
    }

    private void enter(int m) {
        index[m] = next;
        low[m] = next;
        next++;
        stack[stackSize++] = m;
        onStack[m] = true;
    }

    /** Pops {@code root}'s component and gives its members their summary (every callee outside it is done). */
    private void complete(int root) {
        int first = stackSize;
        do {
            first--;
            onStack[stack[first]] = false;
        } while (stack[first] != root);
        S s = none;
        for (int k = first; k < stackSize; k++) {
            int member = stack[k];
            s = join.apply(s, own.apply(member));
            for (int c : callees[member]) {
                S done = summary.get(c);
                if (done != null) { // null: a member of this component
                    s = join.apply(s, done);
                }
            }
        }
        for (int k = first; k < stackSize; k++) {
            summary.set(stack[k], s);
        }
        stackSize = first;
    }
}
