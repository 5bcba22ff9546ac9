package bigfoot.staticbf.rewrite;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Where a constructor's {@code this} cannot have escaped its thread: from the entry of a constructor whose
 * superclass is {@code Object} (or {@code Record}, whose constructor does nothing) up to, on every path, the first
 * instruction that lets {@code this} go anywhere but the receiver of a {@code getfield} / {@code putfield} or of
 * the {@code Object.<init>} call. Until then no other thread can reach the object, so its fields' shadow words
 * hold nothing or this thread's own epochs, and a check of a field of {@code this} can record its epoch with a
 * plain release store instead of FastTrack's compare-and-set ({@code RT.writeFresh} / {@code readFresh}).
 *
 * <p>{@code this} is the value of an {@code aload 0} in a method that never stores local 0; anything else made
 * from it ({@code dup}, {@code checkcast}, a comparison, a store) counts as an escape, which only costs the CAS.
 */
final class FreshThis {

    private static final FreshThis NONE = new FreshThis(Set.of(), Set.of(), Set.of());

    /** Original instructions before which {@code this} has not escaped on any path from the entry. */
    private final Set<AbstractInsnNode> fresh;
    /** The instructions that may let {@code this} escape. */
    private final Set<AbstractInsnNode> escapes;
    /** getfield / putfield instructions whose receiver is {@code this}. */
    private final Set<AbstractInsnNode> onThis;

    private FreshThis(Set<AbstractInsnNode> fresh, Set<AbstractInsnNode> escapes, Set<AbstractInsnNode> onThis) {
        this.fresh = fresh;
        this.escapes = escapes;
        this.onThis = onThis;
    }

    /** The analysis of {@code method} of class {@code owner} (with superclass {@code superName}), before any rewriting. */
    static FreshThis of(String owner, String superName, MethodNode method) {
        if (!"<init>".equals(method.name) || !("java/lang/Object".equals(superName)
                || "java/lang/Record".equals(superName)) || storesLocal0(method)) {
            return NONE;
        }
        AbstractInsnNode[] insns = method.instructions.toArray();
        List<List<Integer>> successors = new ArrayList<>();
        for (int i = 0; i < insns.length; i++) {
            successors.add(new ArrayList<>());
        }
        UseRecorder uses = new UseRecorder();
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(uses) {
                @Override
                protected void newControlFlowEdge(int insn, int successor) {
                    successors.get(insn).add(successor);
                }

                @Override
                protected boolean newControlFlowExceptionEdge(int insn, int successor) {
                    successors.get(insn).add(successor);
                    return true;
                }
            }.analyze(owner, method);
        } catch (AnalyzerException e) {
            return NONE; // the checks keep their compare-and-set
        }
        // escaped: reachable from the successors of an escape
        boolean[] escaped = new boolean[insns.length];
        Deque<Integer> work = new ArrayDeque<>();
        for (int i = 0; i < insns.length; i++) {
            if (uses.escapes.contains(insns[i])) {
                work.addAll(successors.get(i));
            }
        }
        while (!work.isEmpty()) {
            int i = work.pop();
            if (!escaped[i]) {
                escaped[i] = true;
                work.addAll(successors.get(i));
            }
        }
        Set<AbstractInsnNode> fresh = new HashSet<>();
        for (int i = 0; i < insns.length; i++) {
            if (frames[i] != null && !escaped[i]) {
                fresh.add(insns[i]);
            }
        }
        return new FreshThis(fresh, uses.escapes, uses.receivers);
    }

    static boolean storesLocal0(MethodNode method) {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof VarInsnNode v && v.var == 0 && v.getOpcode() == Opcodes.ASTORE) {
                return true;
            }
        }
        return false;
    }

    /** True if {@code this} has not escaped when code inserted before {@code insn} runs. */
    boolean before(AbstractInsnNode insn) {
        return fresh.contains(insn);
    }

    /** True if {@code this} has not escaped when code inserted right after {@code insn} (on its fall-through) runs. */
    boolean after(AbstractInsnNode insn) {
        return fresh.contains(insn) && !escapes.contains(insn);
    }

    /** True if {@code insn} accesses a field of {@code this}. */
    boolean onThis(AbstractInsnNode insn) {
        return onThis.contains(insn);
    }

    /** Sorts every use of a value that is {@code this} into a field receiver, the super() call, or an escape. */
    private static final class UseRecorder extends SourceInterpreter {
        final Set<AbstractInsnNode> escapes = new HashSet<>();
        final Set<AbstractInsnNode> receivers = new HashSet<>();

        UseRecorder() {
            super(Opcodes.ASM9);
        }

        /** The value is {@code this}: it comes from {@code aload 0} only. */
        private static boolean isThis(SourceValue v) {
            return !v.insns.isEmpty() && v.insns.stream().allMatch(UseRecorder::loadsThis);
        }

        /** May be {@code this}: any of its sources is {@code aload 0}. */
        private static boolean mayBeThis(SourceValue v) {
            return v.insns.stream().anyMatch(UseRecorder::loadsThis);
        }

        private static boolean loadsThis(AbstractInsnNode insn) {
            return insn instanceof VarInsnNode var && var.getOpcode() == Opcodes.ALOAD && var.var == 0;
        }

        @Override
        public SourceValue copyOperation(AbstractInsnNode insn, SourceValue value) {
            if (insn.getOpcode() != Opcodes.ALOAD && mayBeThis(value)) {
                escapes.add(insn); // dup, a store: followed no further
            }
            return super.copyOperation(insn, value);
        }

        @Override
        public SourceValue unaryOperation(AbstractInsnNode insn, SourceValue value) {
            if (insn.getOpcode() == Opcodes.GETFIELD && isThis(value)) {
                receivers.add(insn);
            } else if (mayBeThis(value)) {
                escapes.add(insn);
            }
            return super.unaryOperation(insn, value);
        }

        @Override
        public SourceValue binaryOperation(AbstractInsnNode insn, SourceValue value1, SourceValue value2) {
            if (insn.getOpcode() == Opcodes.PUTFIELD && isThis(value1) && !mayBeThis(value2)) {
                receivers.add(insn);
            } else if (mayBeThis(value1) || mayBeThis(value2)) {
                escapes.add(insn);
            }
            return super.binaryOperation(insn, value1, value2);
        }

        @Override
        public SourceValue ternaryOperation(AbstractInsnNode insn, SourceValue value1, SourceValue value2,
                SourceValue value3) {
            if (mayBeThis(value1) || mayBeThis(value2) || mayBeThis(value3)) {
                escapes.add(insn);
            }
            return super.ternaryOperation(insn, value1, value2, value3);
        }

        @Override
        public SourceValue naryOperation(AbstractInsnNode insn, List<? extends SourceValue> values) {
            boolean superCall = insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKESPECIAL
                    && "<init>".equals(m.name) && ("java/lang/Object".equals(m.owner) || "java/lang/Record".equals(m.owner))
                    && isThis(values.get(0)) && values.stream().skip(1).noneMatch(UseRecorder::mayBeThis);
            if (!superCall && values.stream().anyMatch(UseRecorder::mayBeThis)) {
                escapes.add(insn);
            }
            return super.naryOperation(insn, values);
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, SourceValue value, SourceValue expected) {
            if (mayBeThis(value)) {
                escapes.add(insn);
            }
        }
    }
}
