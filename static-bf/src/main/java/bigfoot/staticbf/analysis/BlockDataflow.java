package bigfoot.staticbf.analysis;

import com.ibm.wala.ssa.ISSABasicBlock;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/**
 * A MUST dataflow over WALA's SSA CFG, forward or backward, solved to its greatest fixed point: every block
 * starts at top (unreached, ignored by meets) and is visited until nothing changes. Exceptional edges carry
 * their own state: forward, a block's exceptional out-state is the meet of what each of its throwing
 * instructions leaves; backward, a block sees the meet of its exceptional successors' in-states (the exit: the
 * exit state) when it meets a throwing instruction.
 *
 * @param <S> the facts at a point; {@code equals} decides that a fixed point is reached
 */
final class BlockDataflow<S> {

    /** What the solver needs of the facts. */
    interface Lattice<S> {
        S copy(S s);

        /** Meets {@code other} into {@code into}. */
        void meet(S into, S other);

        /**
         * The state a block's visit keeps, given the state its previous visit kept ({@code previous}, null on the first)
         * and the one this visit made ({@code next}, which this may change): {@code next} unless the facts carry
         * something the fixed point must not let cycle.
         */
        default S settle(S previous, S next) {
            return next;
        }
    }

    /** One block's transfer: consumes the state at its start (forward) or end (backward). */
    interface Transfer<S> {
        /**
         * Forward: runs {@code block} from its in-state, reports the state on its exceptional edges to
         * {@code exceptional} (the solver meets them) and returns its normal out-state.
         * Backward: runs {@code block} from its out-state to its in-state; {@code exceptionalIn} is the meet of
         * the in-states of its exceptional successors (top, i.e. null, if none is reached yet).
         */
        S run(ISSABasicBlock block, S state, ExceptionalState<S> exceptional);
    }

    /** The exceptional side of a block's transfer. */
    interface ExceptionalState<S> {
        /**
         * Forward: another state leaving the block on its exceptional edges. The solver copies what it keeps, so the
         * transfer may go on changing {@code state}.
         */
        void leave(S state);

        /** Backward: the meet of the exceptional successors' in-states, or null while none is known. */
        S successors();
    }

    /** What an edge does to the state crossing it (forward: leaving its source; backward: entering its target). */
    interface Edge<S> {
        S along(ISSABasicBlock from, ISSABasicBlock to, S out);
    }

    /** For a transfer run outside the solver (to record what it decides): exceptional states are dropped. */
    static <S> ExceptionalState<S> ignoringExceptions() {
        return new ExceptionalState<>() {
            @Override
            public void leave(S state) {
            }

            @Override
            public S successors() {
                throw new UnsupportedOperationException("forward only");
            }
        };
    }

    /** Fixed-point visits allowed per block before the method is given up (falls back to fasttrack). */
    private static final int VISITS_PER_BLOCK = 200;

    private final CfgEdges edges;
    private final Lattice<S> lattice;
    private final boolean forward;
    private final S boundary;
    private final Edge<S> edge;
    private final Object[] normal;
    private final Object[] exceptional;

    private BlockDataflow(CfgEdges edges, Lattice<S> lattice, boolean forward, S boundary, Edge<S> edge) {
        this.edges = edges;
        this.lattice = lattice;
        this.forward = forward;
        this.boundary = boundary;
        this.edge = edge;
        int n = edges.cfg.getNumberOfNodes();
        this.normal = new Object[n];
        this.exceptional = new Object[n];
    }

    /** Solves a forward problem whose entry state is {@code entry}. */
    static <S> BlockDataflow<S> forward(CfgEdges edges, Lattice<S> lattice, S entry, Transfer<S> transfer) {
        return forward(edges, lattice, entry, transfer, (from, to, out) -> out);
    }

    /** Solves a forward problem whose normal edges transform the state by {@code edge}. */
    static <S> BlockDataflow<S> forward(CfgEdges edges, Lattice<S> lattice, S entry, Transfer<S> transfer, Edge<S> edge) {
        BlockDataflow<S> flow = new BlockDataflow<>(edges, lattice, true, entry, edge);
        flow.solve(transfer);
        return flow;
    }

    /**
     * Solves a backward problem whose state at the method's exit (normal or exceptional) is {@code exit}; a
     * successor's in-state reaches a block through {@code edge} (from the block, to the successor).
     */
    static <S> BlockDataflow<S> backward(CfgEdges edges, Lattice<S> lattice, S exit, Transfer<S> transfer, Edge<S> edge) {
        BlockDataflow<S> flow = new BlockDataflow<>(edges, lattice, false, exit, edge);
        flow.solve(transfer);
        return flow;
    }

    /**
     * Forward: the meet of the predecessors' out-states along each edge (the entry state at the entry);
     * backward: the block's in-state. Null if unreached.
     */
    S in(ISSABasicBlock block) {
        if (!forward) {
            return state(normal, block);
        }
        if (edges.isEntry(block)) {
            return lattice.copy(boundary);
        }
        S in = null;
        for (ISSABasicBlock pred : edges.preds(block)) {
            if (state(normal, pred) == null) {
                continue; // not reached yet: top
            }
            if (edges.normal(pred, block)) {
                in = meet(in, edge.along(pred, block, state(normal, pred)));
            }
            if (edges.exceptional(pred, block) && state(exceptional, pred) != null) {
                in = meet(in, edge.along(pred, block, state(exceptional, pred)));
            }
        }
        return in;
    }

    /** Forward: the state at the end of {@code block} (before its edges), null if unreached. */
    S normalOut(ISSABasicBlock block) {
        return state(normal, block);
    }

    /** Backward: the meet of the in-states of {@code block}'s normal successors (the exit state for the exit). */
    S out(ISSABasicBlock block) {
        return successors(block, edges.normalSuccessors(block));
    }

    /** Backward: the meet of the in-states of {@code block}'s exceptional successors, null if none is reached. */
    S exceptionalOut(ISSABasicBlock block) {
        return successors(block, edges.exceptionalSuccessors(block));
    }

    private S successors(ISSABasicBlock block, ISSABasicBlock[] successors) {
        S out = null;
        for (ISSABasicBlock s : successors) {
            S in = edges.isExit(s) ? boundary : state(normal, s);
            if (in != null) {
                out = meet(out, edge.along(block, s, in));
            }
        }
        return out;
    }

    private void solve(Transfer<S> transfer) {
        int n = edges.cfg.getNumberOfNodes();
        Deque<ISSABasicBlock> work = new ArrayDeque<>();
        BitSet queued = new BitSet(n);
        if (forward) {
            enqueue(work, queued, edges.cfg.entry());
        } else {
            for (ISSABasicBlock b : edges.cfg) { // every block reaches the exit in a Java method (or loops forever)
                enqueue(work, queued, b);
            }
        }
        long budget = (long) VISITS_PER_BLOCK * n;
        while (!work.isEmpty()) {
            if (budget-- <= 0) {
                throw new IllegalStateException("no fixed point after " + VISITS_PER_BLOCK * n + " block visits");
            }
            ISSABasicBlock block = work.poll();
            queued.clear(block.getNumber());
            if (forward ? visitForward(block, transfer) : visitBackward(block, transfer)) {
                for (ISSABasicBlock b : forward ? edges.succs(block) : edges.preds(block)) {
                    enqueue(work, queued, b);
                }
            }
        }
    }

    private boolean visitForward(ISSABasicBlock block, Transfer<S> transfer) {
        S in = in(block);
        if (in == null) {
            return false;
        }
        Object[] thrown = new Object[1];
        S out = transfer.run(block, in, new ExceptionalState<>() {
            @Override
            public void leave(S state) {
                @SuppressWarnings("unchecked") S acc = (S) thrown[0];
                thrown[0] = meet(acc, state);
            }

            @Override
            public S successors() {
                throw new UnsupportedOperationException("forward");
            }
        });
        return update(block, out, thrown[0]);
    }

    private boolean visitBackward(ISSABasicBlock block, Transfer<S> transfer) {
        if (edges.isExit(block)) {
            return update(block, lattice.copy(boundary), null);
        }
        S out = out(block);
        if (out == null) {
            return false; // no successor reached yet
        }
        S exceptionalIn = exceptionalOut(block);
        S in = transfer.run(block, out, new ExceptionalState<>() {
            @Override
            public void leave(S state) {
                throw new UnsupportedOperationException("backward");
            }

            @Override
            public S successors() {
                return exceptionalIn;
            }
        });
        return update(block, in, null);
    }

    @SuppressWarnings("unchecked")
    private boolean update(ISSABasicBlock block, S normalState, Object exceptionalState) {
        int b = block.getNumber();
        if (normalState != null) {
            normalState = lattice.settle((S) normal[b], normalState);
        }
        if (exceptionalState != null) {
            exceptionalState = lattice.settle((S) exceptional[b], (S) exceptionalState);
        }
        boolean changed = !Objects.equals(normalState, normal[b]) || !Objects.equals(exceptionalState, exceptional[b]);
        normal[b] = normalState;
        exceptional[b] = exceptionalState;
        return changed;
    }

    private S meet(S acc, S next) {
        if (acc == null) {
            return lattice.copy(next);
        }
        lattice.meet(acc, next);
        return acc;
    }

    @SuppressWarnings("unchecked")
    private S state(Object[] states, ISSABasicBlock block) {
        return (S) states[block.getNumber()];
    }

    private static void enqueue(Deque<ISSABasicBlock> work, BitSet queued, ISSABasicBlock b) {
        if (!queued.get(b.getNumber())) {
            queued.set(b.getNumber());
            work.add(b);
        }
    }

    /** A lattice from its two operations. */
    static <S> Lattice<S> lattice(UnaryOperator<S> copy, BiConsumer<S, S> meet) {
        return lattice(copy, meet, (previous, next) -> next);
    }

    /** A lattice from its two operations and how a visit's state is settled against the previous visit's. */
    static <S> Lattice<S> lattice(UnaryOperator<S> copy, BiConsumer<S, S> meet, BinaryOperator<S> settle) {
        return new Lattice<>() {
            @Override
            public S copy(S s) {
                return copy.apply(s);
            }

            @Override
            public void meet(S into, S other) {
                meet.accept(into, other);
            }

            @Override
            public S settle(S previous, S next) {
                return settle.apply(previous, next);
            }
        };
    }
}
