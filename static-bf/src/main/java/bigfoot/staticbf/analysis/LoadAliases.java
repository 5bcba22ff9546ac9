package bigfoot.staticbf.analysis;

import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSACFG;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * ALIAS between loads (reference/bigfoot.md section 10.3, the facts {@code x = y.f} and {@code x = y[z]}): javac loads
 * a field again for every use, so {@code this.a[i] = this.a[j]} reads {@code this.a} twice and
 * {@code p.q.x = 1; p.q.y = 2} reads {@code p.q} twice; named by their SSA values, the two accesses would be two
 * locations and two checks. A load names the same value as an earlier load of the same field of the same object (or
 * element of the same array and index) that dominates it when no path between the two may change what it reads: no
 * store to a field of that name and type, into an array of that element type, no call that may write it ({@link
 * HeapWrites}, MOD-SET: {@link ModSets}), and no synchronisation or class initialisation. Locations are named with
 * the earliest such load's value.
 *
 * <p>As in the paper and {@link LoopInvariants}, this assumes the program has no race on the loaded field: another
 * thread could change {@code y.f} between the two loads only by a write unordered with this thread's reads of it, which
 * are checked, so that race is reported (trace-precise, section 1).
 */
final class LoadAliases {

    /** Blocks a method's path searches may visit in all; past it, loads keep their own names. */
    private static final int BUDGET = 200_000;

    private final IR ir;
    private final SSACFG cfg;
    private final SSAInstruction[] insns;
    private final InstructionEffects.Effect[] effects;
    private final Dominators<ISSABasicBlock> dom;
    private final HeapWrites.CallWrites calls;
    private final Map<Integer, Integer> canonical = new HashMap<>();
    private final Map<ISSABasicBlock, HeapWrites> blockWrites = new HashMap<>();
    private int budget = BUDGET;

    private LoadAliases(IR ir, InstructionEffects.Effect[] effects, Dominators<ISSABasicBlock> dom,
            HeapWrites.CallWrites calls) {
        this.ir = ir;
        this.cfg = ir.getControlFlowGraph();
        this.insns = ir.getInstructions();
        this.effects = effects;
        this.dom = dom;
        this.calls = calls;
    }

    /** Value -> the earlier load's value that names the same object or number; loads without one are not keys. */
    static Map<Integer, Integer> of(IR ir, InstructionEffects.Effect[] effects, Dominators<ISSABasicBlock> dom,
            HeapWrites.CallWrites calls) {
        boolean twoLoads = false;
        int loads = 0;
        for (SSAInstruction insn : ir.getInstructions()) {
            if (HeapWrites.isLoad(insn) && ++loads == 2) {
                twoLoads = true;
                break;
            }
        }
        return twoLoads ? new LoadAliases(ir, effects, dom, calls).find() : Map.of();
    }

    /** The load's field (or -1 for an element) and operands under their canonical names. */
    private record Key(FieldReference field, int object, int index) {
    }

    private Map<Integer, Integer> find() {
        Map<Key, List<Integer>> named = new HashMap<>(); // loads that keep their own name, per key, dominators first
        for (ISSABasicBlock b : reversePostorder()) {
            for (int i = b.getFirstInstructionIndex(); i >= 0 && i <= b.getLastInstructionIndex(); i++) {
                SSAInstruction insn = insns[i];
                if (!HeapWrites.isLoad(insn) || effects[i].acquires() || effects[i].initializes() != null) {
                    continue; // a volatile load, or one that may run a class initialiser first
                }
                List<Integer> earlier = named.computeIfAbsent(key(insn), k -> new ArrayList<>());
                Integer same = null;
                for (int e : earlier) {
                    if (dominates(e, i) && !changedBetween(e, i)) {
                        same = e;
                        break;
                    }
                }
                if (same == null) {
                    earlier.add(i);
                } else {
                    canonical.put(insn.getDef(), insns[same].getDef());
                }
            }
        }
        return canonical;
    }

    private Key key(SSAInstruction load) {
        if (load instanceof SSAGetInstruction get) {
            return new Key(get.getDeclaredField(), get.isStatic() ? -1 : name(get.getRef()), -1);
        }
        SSAArrayLoadInstruction element = (SSAArrayLoadInstruction) load;
        return new Key(null, name(element.getArrayRef()), name(element.getIndex()));
    }

    private int name(int value) {
        return canonical.getOrDefault(value, value);
    }

    /** Instruction {@code a} runs before {@code b} on every path to {@code b}. */
    private boolean dominates(int a, int b) {
        ISSABasicBlock blockA = ir.getBasicBlockForInstruction(insns[a]);
        ISSABasicBlock blockB = ir.getBasicBlockForInstruction(insns[b]);
        return blockA.equals(blockB) ? a < b : dom.isDominatedBy(blockB, blockA);
    }

    /**
     * True if some path from {@code a} to {@code b} (not through {@code a} again) may change what load {@code b}
     * reads: the rest of {@code a}'s block, the blocks on such paths, and {@code b}'s block before it.
     */
    private boolean changedBetween(int a, int b) {
        ISSABasicBlock blockA = ir.getBasicBlockForInstruction(insns[a]);
        ISSABasicBlock blockB = ir.getBasicBlockForInstruction(insns[b]);
        HeapWrites writes = new HeapWrites();
        if (blockA.equals(blockB)) {
            addInstructions(writes, a + 1, b - 1);
            return writes.mayChange(insns[b]);
        }
        addInstructions(writes, a + 1, blockA.getLastInstructionIndex());
        addInstructions(writes, blockB.getFirstInstructionIndex(), b - 1);
        Set<ISSABasicBlock> from = reach(blockA, blockB, cfg::getSuccNodes);
        Set<ISSABasicBlock> to = from == null ? null : reach(blockB, blockA, cfg::getPredNodes);
        if (to == null) {
            return true; // out of budget
        }
        from.retainAll(to);
        for (ISSABasicBlock between : from) {
            writes.addAll(blockWrites.computeIfAbsent(between, block -> {
                HeapWrites w = new HeapWrites();
                addInstructions(w, block.getFirstInstructionIndex(), block.getLastInstructionIndex());
                return w;
            }));
        }
        return writes.mayChange(insns[b]);
    }

    private void addInstructions(HeapWrites writes, int first, int last) {
        for (int i = Math.max(first, 0); i <= last; i++) {
            if (insns[i] == null) {
                continue;
            }
            InstructionEffects.Effect e = effects[i];
            if (e.acquires() || e.releases() || e.initializes() != null || e.joins() != null) {
                writes.anything(); // another thread's writes may become visible, or a class initialiser run
            }
            writes.add(insns[i], calls);
        }
    }

    /** The blocks reachable from {@code start}'s neighbours without passing {@code start} or {@code stop}; null past the budget. */
    private Set<ISSABasicBlock> reach(ISSABasicBlock start, ISSABasicBlock stop,
            Function<ISSABasicBlock, Iterator<ISSABasicBlock>> next) {
        Set<ISSABasicBlock> seen = new HashSet<>();
        Deque<ISSABasicBlock> work = new ArrayDeque<>();
        next.apply(start).forEachRemaining(work::add);
        while (!work.isEmpty()) {
            ISSABasicBlock b = work.pop();
            if (b.equals(start) || b.equals(stop) || !seen.add(b)) {
                continue;
            }
            if (--budget < 0) {
                return null;
            }
            next.apply(b).forEachRemaining(work::add);
        }
        return seen;
    }

    /** The blocks reachable from the entry, each after its dominators. */
    private List<ISSABasicBlock> reversePostorder() {
        List<ISSABasicBlock> postorder = new ArrayList<>();
        Set<ISSABasicBlock> seen = new HashSet<>();
        Deque<Iterator<ISSABasicBlock>> stack = new ArrayDeque<>();
        Deque<ISSABasicBlock> path = new ArrayDeque<>();
        seen.add(cfg.entry());
        path.push(cfg.entry());
        stack.push(cfg.getSuccNodes(cfg.entry()));
        while (!stack.isEmpty()) {
            Iterator<ISSABasicBlock> successors = stack.peek();
            if (successors.hasNext()) {
                ISSABasicBlock s = successors.next();
                if (seen.add(s)) {
                    path.push(s);
                    stack.push(cfg.getSuccNodes(s));
                }
            } else {
                stack.pop();
                postorder.add(path.pop());
            }
        }
        Collections.reverse(postorder);
        return postorder;
    }
}
