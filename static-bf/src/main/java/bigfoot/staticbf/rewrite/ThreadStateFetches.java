package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The lazy fetches of one method's thread state {@code ts}: {@code aload ts; ifnonnull L; ts = RT.thread(); L:
 * aload ts}, one per check or event (or before a check's test of its receiver, without the final load). Invariant:
 * ts is null at entry and only these fetches store into it, so it
 * is null or a ThreadState on every path (one type for the frames) and, once stored, stays RT.thread()'s result for
 * the rest of the invocation (its DETACHED state included, as the eager fetch at entry kept it). A path with no check
 * or event never calls RT.thread(). Once the method is rewritten, a fetch that every path (exception edges included)
 * reaches with ts already stored is cut down to its final {@code aload ts}: only the first check or event of each
 * path tests ts; and where every path that returns makes a check or an event, ts is fetched at entry instead
 * ({@link #settle}).
 */
final class ThreadStateFetches {

    /** One fetch: its five nodes, in order and contiguous unless code was inserted among them. */
    private record Fetch(VarInsnNode test, JumpInsnNode jump, MethodInsnNode call, VarInsnNode store,
            LabelNode fetched) {
    }

    private final int tsSlot;
    private final List<Fetch> fetches = new ArrayList<>();
    private int cut;

    ThreadStateFetches(int tsSlot) {
        this.tsSlot = tsSlot;
    }

    /** A new fetch; it pushes ts. */
    Code fetch() {
        return ensure().aload(tsSlot);
    }

    /**
     * A new fetch that pushes nothing: ts is stored after it. A check that may be skipped (a null receiver's) puts this
     * before its test and only loads ts ({@link #load}) inside, so that the fetch is on every path and the method's
     * later fetches can be cut.
     */
    Code ensure() {
        LabelNode fetched = new LabelNode();
        Fetch f = new Fetch(new VarInsnNode(Opcodes.ALOAD, tsSlot), new JumpInsnNode(Opcodes.IFNONNULL, fetched),
                new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeApi.RT, RuntimeApi.THREAD.name(),
                        RuntimeApi.THREAD.descriptor(), false), new VarInsnNode(Opcodes.ASTORE, tsSlot), fetched);
        fetches.add(f);
        return new Code().add(f.test).add(f.jump).add(f.call).add(f.store).add(f.fetched);
    }

    /** Pushes ts, where an {@link #ensure} on every path before stored it. */
    Code load() {
        return new Code().aload(tsSlot);
    }

    /**
     * Settles how ts is fetched once the method's code is final but for its prologue, and returns the prologue. If
     * every return is reached only with ts stored (every path that completes normally makes a check or an event), ts
     * is fetched at entry, {@code ts = RT.thread()}: as many calls, less code and no test; every fetch is cut down to
     * {@code aload ts}. Otherwise {@code ts = null}, and a fetch every path reaches with ts stored is cut. {@link #cut}
     * tells how many fetches were cut.
     */
    Code settle(MethodNode method) {
        if (fetches.isEmpty()) {
            return new Code();
        }
        AbstractInsnNode[] insns = method.instructions.toArray();
        boolean[] stored = storedBefore(method);
        if (stored == null) {
            return new Code().op(Opcodes.ACONST_NULL).astore(tsSlot);
        }
        boolean atEntry = true;
        for (int i = 0; i < insns.length; i++) {
            int op = insns[i].getOpcode();
            atEntry &= op < Opcodes.IRETURN || op > Opcodes.RETURN || stored[i];
        }
        List<Fetch> cuts = new ArrayList<>(); // found first: removing nodes renumbers the rest
        for (Fetch f : fetches) {
            // a fetch's code may never have been inserted, or only into a list the method dropped (its node then
            // keeps that list's index)
            int i = method.instructions.indexOf(f.test);
            boolean inserted = i >= 0 && i < insns.length && insns[i] == f.test;
            if (inserted && contiguous(f) && (atEntry || stored[i])) {
                cuts.add(f);
            }
        }
        for (Fetch f : cuts) {
            method.instructions.remove(f.test);
            method.instructions.remove(f.jump);
            method.instructions.remove(f.call);
            method.instructions.remove(f.store);
            method.instructions.remove(f.fetched);
        }
        cut += cuts.size();
        return atEntry ? new Code().call(RuntimeApi.THREAD).astore(tsSlot)
                : new Code().op(Opcodes.ACONST_NULL).astore(tsSlot);
    }

    /** How many fetches {@link #settle} cut down to {@code aload ts}. */
    int cut() {
        return cut;
    }

    /**
     * Whether ts is certainly stored before each instruction ({@link MustPass}: "stored" holds after a fetch's store and
     * on its {@code ifnonnull}'s taken edge, as ts is never non-null unless stored), or null if the method has
     * subroutines (jsr/ret, old class files), which this does not follow.
     */
    private boolean[] storedBefore(MethodNode method) {
        Set<AbstractInsnNode> stores = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<AbstractInsnNode> tests = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Fetch f : fetches) {
            stores.add(f.store);
            tests.add(f.jump);
        }
        return MustPass.before(method, stores, tests, Set.of());
    }

    /** True if nothing was inserted among the fetch's nodes (so its label is only its own jump's target). */
    private static boolean contiguous(Fetch f) {
        return f.test.getNext() == f.jump && f.jump.getNext() == f.call && f.call.getNext() == f.store
                && f.store.getNext() == f.fetched;
    }
}
