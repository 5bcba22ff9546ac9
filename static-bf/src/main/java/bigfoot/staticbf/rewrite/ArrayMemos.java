package bigfoot.staticbf.rewrite;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

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
        Frame<Pushed>[] frames = null;
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
    private static Object key(AbstractInsnNode access, Frame<Pushed> frame, boolean store) {
        if (frame == null) {
            return access;                                      // unreachable code, or no analysis
        }
        Pushed array = frame.getStack(frame.getStackSize() - (store ? 3 : 2));
        return array.by != null ? array.by.var : access;
    }

    /** What pushed each stack value, or null if ASM's analysis rejects the code (each access keys its own pair). */
    private static Frame<Pushed>[] sources(String owner, MethodNode method) {
        try {
            return new Analyzer<>(new LoadsOnly()).analyze(owner, method);
        } catch (AnalyzerException e) {
            return null;
        }
    }

    /**
     * A value of the analysis: its size, and the {@code aload} that pushed it on every path that reaches here; null if
     * something else pushed it on some path. (ASM's {@code SourceInterpreter} keeps every source of every value, which
     * cost a re-run a tenth of its rewriting time; only single loads matter here.)
     */
    private static final class Pushed implements Value {
        static final Pushed OTHER = new Pushed(1, null);
        static final Pushed OTHER_WIDE = new Pushed(2, null);

        final int size;
        final VarInsnNode by;

        Pushed(int size, VarInsnNode by) {
            this.size = size;
            this.by = by;
        }

        static Pushed other(int size) {
            return size == 2 ? OTHER_WIDE : OTHER;
        }

        @Override
        public int getSize() {
            return size;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pushed p && p.size == size && p.by == by;
        }

        @Override
        public int hashCode() {
            return size;
        }
    }

    /** The interpreter of {@link Pushed} values: the sizes are the JVM's, and only an {@code aload} names itself. */
    private static final class LoadsOnly extends Interpreter<Pushed> {

        LoadsOnly() {
            super(Opcodes.ASM9);
        }

        @Override
        public Pushed newValue(Type type) {
            return type == Type.VOID_TYPE ? null : Pushed.other(type == null ? 1 : type.getSize());
        }

        @Override
        public Pushed newOperation(AbstractInsnNode insn) {
            return switch (insn.getOpcode()) {
                case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> Pushed.OTHER_WIDE;
                case Opcodes.LDC -> Pushed.other(constantSize(((LdcInsnNode) insn).cst));
                case Opcodes.GETSTATIC -> Pushed.other(Type.getType(((FieldInsnNode) insn).desc).getSize());
                default -> Pushed.OTHER;
            };
        }

        private static int constantSize(Object constant) {
            if (constant instanceof ConstantDynamic dynamic) {
                return Type.getType(dynamic.getDescriptor()).getSize();
            }
            return constant instanceof Long || constant instanceof Double ? 2 : 1;
        }

        @Override
        public Pushed copyOperation(AbstractInsnNode insn, Pushed value) {
            return insn.getOpcode() == Opcodes.ALOAD ? new Pushed(1, (VarInsnNode) insn) : Pushed.other(value.size);
        }

        @Override
        public Pushed unaryOperation(AbstractInsnNode insn, Pushed value) {
            return switch (insn.getOpcode()) {
                case Opcodes.LNEG, Opcodes.DNEG, Opcodes.I2L, Opcodes.I2D, Opcodes.L2D, Opcodes.F2L, Opcodes.F2D,
                        Opcodes.D2L -> Pushed.OTHER_WIDE;
                case Opcodes.GETFIELD -> Pushed.other(Type.getType(((FieldInsnNode) insn).desc).getSize());
                default -> Pushed.OTHER;
            };
        }

        @Override
        public Pushed binaryOperation(AbstractInsnNode insn, Pushed value1, Pushed value2) {
            return switch (insn.getOpcode()) {
                case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB,
                        Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM,
                        Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR ->
                        Pushed.OTHER_WIDE;
                default -> Pushed.OTHER;
            };
        }

        @Override
        public Pushed ternaryOperation(AbstractInsnNode insn, Pushed value1, Pushed value2, Pushed value3) {
            return Pushed.OTHER;
        }

        @Override
        public Pushed naryOperation(AbstractInsnNode insn, List<? extends Pushed> values) {
            String descriptor = insn instanceof MethodInsnNode m ? m.desc
                    : insn instanceof InvokeDynamicInsnNode d ? d.desc : null; // else multianewarray
            return descriptor == null ? Pushed.OTHER : Pushed.other(Type.getReturnType(descriptor).getSize());
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, Pushed value, Pushed expected) {
        }

        @Override
        public Pushed merge(Pushed value1, Pushed value2) {
            return value1.equals(value2) ? value1 : Pushed.other(Math.min(value1.size, value2.size));
        }
    }
}
