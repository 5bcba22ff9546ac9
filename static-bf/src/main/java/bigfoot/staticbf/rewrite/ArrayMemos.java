package bigfoot.staticbf.rewrite;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The element checks of one method that keep their last array and that array's shadow in a pair of locals
 * ({@link ArrayAccesses}): those in loops ({@link LoopBodies}; elsewhere the check would look the shadow up every time
 * anyway), at most {@value #MAX} pairs per method. Checks of an array that one {@code aload} of the same local pushes
 * share a pair (crypt's {@code in[i1++]}, eight times a block: one lookup, one pair), which keeps the compiled loop's
 * live values few; any other check has its own. Sharing is only an economy: a pair holds whatever array its checks
 * last saw, and a check compares its array with it. An element check a placement moves ({@link DeferredChecks}) keeps
 * a pair when it is placed in a loop, shared by the moved checks of the placement's value that holds its array.
 */
final class ArrayMemos {

    static final int MAX = 32;

    /** The memo key of each element access in a loop: the local its array was loaded from, else the access. */
    private final Map<AbstractInsnNode, Object> keys = new IdentityHashMap<>();
    /** The original instructions in loops; null if the method accesses no array. */
    private Set<AbstractInsnNode> inLoops;
    private final Map<Object, Integer> slots = new LinkedHashMap<>();

    /** Computed from the method's original code, before anything is inserted. */
    ArrayMemos(String owner, MethodNode method) {
        Frame<SourceValue>[] frames = null;
        boolean analysed = false;
        AbstractInsnNode[] insns = method.instructions.toArray();
        for (int i = 0; i < insns.length; i++) {
            int op = insns[i].getOpcode();
            if (!ArrayAccesses.isLoad(op) && !ArrayAccesses.isStore(op)) {
                continue;
            }
            if (inLoops == null) {
                inLoops = LoopBodies.of(method.instructions);
            }
            if (inLoops.contains(insns[i])) {
                if (!analysed) {
                    frames = sources(owner, method);
                    analysed = true;
                }
                keys.put(insns[i], key(insns[i], frames == null ? null : frames[i], ArrayAccesses.isStore(op)));
            }
        }
    }

    /** The first of the pair of locals for {@code access}, made with {@code pair} on first use; -1 if it has none. */
    int slotOf(AbstractInsnNode access, IntSupplier pair) {
        Object key = keys.get(access);
        return key == null ? -1 : slotFor(key, pair);
    }

    /**
     * The first of the pair of locals for a moved element check of the array a placement keeps in its value
     * {@code value}, placed at original instruction {@code at}: the checks of one such value share a pair; -1 if
     * {@code at} is in no loop.
     */
    int slotOfMoved(AbstractInsnNode at, int value, IntSupplier pair) {
        return inLoops != null && inLoops.contains(at) ? slotFor(new MovedCheckOf(value), pair) : -1;
    }

    /** The memo key of the moved element checks of the array in a placement's value. */
    private record MovedCheckOf(int value) {
    }

    private int slotFor(Object key, IntSupplier pair) {
        Integer slot = slots.get(key);
        if (slot == null) {
            if (slots.size() == MAX) {
                return -1;
            }
            slot = pair.getAsInt();
            slots.put(key, slot);
        }
        return slot;
    }

    /** The first locals of the pairs made, to be set to null at entry. */
    Collection<Integer> slots() {
        return slots.values();
    }

    /** The local an access's array was loaded from ({@code aload} its only source), else the access itself. */
    private static Object key(AbstractInsnNode access, Frame<SourceValue> frame, boolean store) {
        if (frame == null) {
            return access;                                      // unreachable code, or no analysis
        }
        SourceValue array = frame.getStack(frame.getStackSize() - (store ? 3 : 2));
        if (array.insns.size() == 1 && array.insns.iterator().next() instanceof VarInsnNode load
                && load.getOpcode() == Opcodes.ALOAD) {
            return load.var;
        }
        return access;
    }

    /** Where each stack value comes from, or null if ASM's analysis rejects the code (each access keys its own pair). */
    private static Frame<SourceValue>[] sources(String owner, MethodNode method) {
        try {
            return new Analyzer<>(new SourceInterpreter()).analyze(owner, method);
        } catch (AnalyzerException e) {
            return null;
        }
    }
}
