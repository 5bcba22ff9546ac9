package bigfoot.staticbf.rewrite;

import java.util.IdentityHashMap;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * The static type of each reference on the operand stack before an instruction of a method, as the JVM's verifier
 * infers it: from what pushed it (a {@code new}, a field's or a method's descriptor, a parameter, a {@code checkcast},
 * an element of an array of that type, a constant). Where paths with different types meet, the type is
 * {@code Object}: unknown, never a guess. The escape barriers use it where an instruction's descriptor says less than
 * the value does ({@code BigDecimal.equals(Object)} handed a {@code BigDecimal}; an {@code aastore}, which names no
 * type). Analysed once, before the method is rewritten; a method ASM's analysis rejects has no types.
 */
final class ValueTypes {

    /** The types of a method without an analysis: none known. */
    static final ValueTypes NONE = new ValueTypes(Map.of());

    private final Map<AbstractInsnNode, Frame<BasicValue>> frames;

    private ValueTypes(Map<AbstractInsnNode, Frame<BasicValue>> frames) {
        this.frames = frames;
    }

    static ValueTypes of(String owner, MethodNode method) {
        Frame<BasicValue>[] analysed;
        try {
            analysed = new Analyzer<>(new Typed()).analyze(owner, method);
        } catch (AnalyzerException e) {
            return NONE;
        }
        Map<AbstractInsnNode, Frame<BasicValue>> frames = new IdentityHashMap<>();
        AbstractInsnNode[] insns = method.instructions.toArray();
        for (int i = 0; i < insns.length; i++) {
            if (analysed[i] != null) {
                frames.put(insns[i], analysed[i]);
            }
        }
        return new ValueTypes(frames);
    }

    /**
     * The type of the reference {@code depth} values below the top of the stack before {@code insn} (0: the top), or
     * null if it is not known: unreachable code, a method without an analysis, a {@code null} constant, or paths that
     * pushed different types.
     */
    Type at(AbstractInsnNode insn, int depth) {
        Frame<BasicValue> frame = frames.get(insn);
        if (frame == null || depth >= frame.getStackSize()) {
            return null;
        }
        Type type = frame.getStack(frame.getStackSize() - 1 - depth).getType();
        return type == null || type.getSort() != Type.OBJECT && type.getSort() != Type.ARRAY
                || Typed.NULL.equals(type) || Typed.OBJECT.equals(type) ? null : type;
    }

    /** ASM's basic values, with the type of each reference kept, and a {@code null} constant typed apart. */
    private static final class Typed extends BasicInterpreter {

        static final Type NULL = Type.getObjectType("null");
        static final Type OBJECT = Type.getObjectType("java/lang/Object");

        Typed() {
            super(Opcodes.ASM9);
        }

        @Override
        public BasicValue newValue(Type type) {
            if (type != null && (type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY)) {
                return new BasicValue(type);
            }
            return super.newValue(type);
        }

        @Override
        public BasicValue newOperation(AbstractInsnNode insn) throws AnalyzerException {
            return insn.getOpcode() == Opcodes.ACONST_NULL ? new BasicValue(NULL) : super.newOperation(insn);
        }

        @Override
        public BasicValue binaryOperation(AbstractInsnNode insn, BasicValue array, BasicValue index)
                throws AnalyzerException {
            Type type = array.getType();
            if (insn.getOpcode() == Opcodes.AALOAD && type != null && type.getSort() == Type.ARRAY) {
                return newValue(Type.getType(type.getDescriptor().substring(1))); // an element of a T[] is a T
            }
            return super.binaryOperation(insn, array, index);
        }

        @Override
        public BasicValue merge(BasicValue a, BasicValue b) {
            if (a.equals(b)) {
                return a;
            }
            if (a.isReference() && b.isReference()) {
                return NULL.equals(a.getType()) ? b : NULL.equals(b.getType()) ? a : BasicValue.REFERENCE_VALUE;
            }
            return super.merge(a, b);
        }
    }
}
