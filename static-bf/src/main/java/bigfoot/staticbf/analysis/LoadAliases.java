package bigfoot.staticbf.analysis;

import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.util.graph.dominators.Dominators;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * ALIAS between loads (the BigFoot dissertation, section 3.5.1, the facts {@code x = y.f} and {@code x = y[z]}): javac loads
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
 * are checked, so that race is reported (trace-precise: the BigFoot dissertation, section 2.3.4).
 */
final class LoadAliases {

    /** Blocks a method's path searches may visit in all; past it, loads keep their own names. */
    private static final int BUDGET = 200_000;

    private final IR ir;
    private final CfgEdges cfg;
    private final SSAInstruction[] insns;
    private final InstructionEffects.Effect[] effects;
    private final Dominators<ISSABasicBlock> dom;
    private final HeapWrites.CallWrites calls;
    private final Map<Integer, Integer> canonical = new HashMap<>();
    /** What each block may write, by block number, made on first use. */
    private final HeapWrites[] blockWrites;
    private int budget = BUDGET;

    private LoadAliases(IR ir, CfgEdges cfg, InstructionEffects.Effect[] effects, Dominators<ISSABasicBlock> dom,
            HeapWrites.CallWrites calls) {
        this.ir = ir;
        this.cfg = cfg;
        this.blockWrites = new HeapWrites[cfg.cfg.getNumberOfNodes()];
        this.insns = ir.getInstructions();
        this.effects = effects;
        this.dom = dom;
        this.calls = calls;
    }

    /** Value -> the earlier load's value that names the same object or number; loads without one are not keys. */
    static Map<Integer, Integer> of(IR ir, CfgEdges cfg, InstructionEffects.Effect[] effects,
            Dominators<ISSABasicBlock> dom, HeapWrites.CallWrites calls) {
        boolean twoLoads = false;
        int loads = 0;
        for (SSAInstruction insn : ir.getInstructions()) {
            if (HeapWrites.isLoad(insn) && ++loads == 2) {
                twoLoads = true;
                break;
            }
        }
        return twoLoads ? new LoadAliases(ir, cfg, effects, dom, calls).find() : Map.of();
    }

    /** The load's field (or -1 for an element) and operands under their canonical names. */
    private record Key(FieldReference field, int object, int index) {
    }

    private Map<Integer, Integer> find() {
        Map<Key, List<Integer>> named = new HashMap<>(); // loads that keep their own name, per key, dominators first
        for (ISSABasicBlock b : reversePostorder()) {
            for (int i = b.getFirstInstructionIndex(), lastIndex = b.getLastInstructionIndex(); i >= 0 && i <= lastIndex; i++) {
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
        return blockA.getNumber() == blockB.getNumber() ? a < b : dom.isDominatedBy(blockB, blockA);
    }

    /**
     * True if some path from {@code a} to {@code b} (not through {@code a} again) may change what load {@code b}
     * reads: the rest of {@code a}'s block, the blocks on such paths, and {@code b}'s block before it.
     */
    private boolean changedBetween(int a, int b) {
        ISSABasicBlock blockA = ir.getBasicBlockForInstruction(insns[a]);
        ISSABasicBlock blockB = ir.getBasicBlockForInstruction(insns[b]);
        HeapWrites writes = new HeapWrites();
        if (blockA.getNumber() == blockB.getNumber()) {
            addInstructions(writes, a + 1, b - 1);
            return writes.mayChange(insns[b]);
        }
        addInstructions(writes, a + 1, blockA.getLastInstructionIndex());
        addInstructions(writes, blockB.getFirstInstructionIndex(), b - 1);
        BitSet from = reach(blockA, blockB, cfg::succs);
        BitSet to = from == null ? null : reach(blockB, blockA, cfg::preds);
        if (to == null) {
            return true; // out of budget
        }
        from.and(to);
        for (int between = from.nextSetBit(0); between >= 0; between = from.nextSetBit(between + 1)) {
            if (blockWrites[between] == null) {
                ISSABasicBlock block = cfg.block(between);
                blockWrites[between] = new HeapWrites();
                addInstructions(blockWrites[between], block.getFirstInstructionIndex(), block.getLastInstructionIndex());
            }
            writes.addAll(blockWrites[between]);
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

    /**
     * The numbers of the blocks reachable from {@code start}'s neighbours without passing {@code start} or
     * {@code stop}; null past the budget.
     */
    private BitSet reach(ISSABasicBlock start, ISSABasicBlock stop, Function<ISSABasicBlock, ISSABasicBlock[]> next) {
        BitSet seen = new BitSet();
        Deque<ISSABasicBlock> work = new ArrayDeque<>(Arrays.asList(next.apply(start)));
        while (!work.isEmpty()) {
            ISSABasicBlock b = work.pop();
            int n = b.getNumber();
            if (n == start.getNumber() || n == stop.getNumber() || seen.get(n)) {
                continue;
            }
            seen.set(n);
            if (--budget < 0) {
                return null;
            }
            for (ISSABasicBlock s : next.apply(b)) {
                work.add(s);
            }
        }
        return seen;
    }

    /** The blocks reachable from the entry, each after its dominators. */
    private List<ISSABasicBlock> reversePostorder() {
        List<ISSABasicBlock> postorder = new ArrayList<>();
        BitSet seen = new BitSet();
        Deque<Iterator<ISSABasicBlock>> stack = new ArrayDeque<>();
        Deque<ISSABasicBlock> path = new ArrayDeque<>();
        ISSABasicBlock entry = cfg.cfg.entry();
        seen.set(entry.getNumber());
        path.push(entry);
        stack.push(Arrays.asList(cfg.succs(entry)).iterator());
        while (!stack.isEmpty()) {
            Iterator<ISSABasicBlock> successors = stack.peek();
            if (successors.hasNext()) {
                ISSABasicBlock s = successors.next();
                if (!seen.get(s.getNumber())) {
                    seen.set(s.getNumber());
                    path.push(s);
                    stack.push(Arrays.asList(cfg.succs(s)).iterator());
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
