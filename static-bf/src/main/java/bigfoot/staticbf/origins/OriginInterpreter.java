package bigfoot.staticbf.origins;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * An ASM dataflow whose values are the sets of a reference's possible origins: copies keep a value's origins, a merge
 * unites them. {@code null} is {@link Origin.Simple#NULL}, an array allocation (or an array's {@code clone()}, an
 * {@code Arrays.copyOf}) is {@link Origin.Fresh}, {@code this} at entry is {@link Origin.Simple#THIS}; the hooks give
 * field reads, call results and parameters origins of an analysis's own; everything else is
 * {@link Origin.Simple#OTHER}.
 */
public class OriginInterpreter extends Interpreter<OriginValue> {
    private static final OriginValue ONE = new OriginValue(1, Set.of());
    private static final OriginValue TWO = new OriginValue(2, Set.of());
    private static final OriginValue OTHER = new OriginValue(1, Set.of(Origin.Simple.OTHER));

    public OriginInterpreter() {
        super(Opcodes.ASM9);
    }

    /** The frames of {@code method} of class {@code owner} (null where unreachable), or empty if ASM cannot follow it. */
    public Optional<Frame<OriginValue>[]> frames(String owner, MethodNode method) {
        try {
            return Optional.of(new Analyzer<>(this).analyze(owner, method));
        } catch (AnalyzerException e) {
            return Optional.empty();
        }
    }

    /** The values a call (or invokedynamic) at {@code insn} takes from the stack of {@code f}: the receiver first. */
    public static List<OriginValue> arguments(AbstractInsnNode insn, Frame<OriginValue> f) {
        String desc = insn instanceof MethodInsnNode call ? call.desc : ((InvokeDynamicInsnNode) insn).desc;
        int receiver = insn.getOpcode() == Opcodes.INVOKESTATIC || insn.getOpcode() == Opcodes.INVOKEDYNAMIC ? 0 : 1;
        int count = receiver + Type.getArgumentTypes(desc).length;
        List<OriginValue> values = new ArrayList<>(count);
        for (int i = f.getStackSize() - count; i < f.getStackSize(); i++) {
            values.add(f.getStack(i));
        }
        return values;
    }

    /** True if a value may come from {@code origin}. */
    public static boolean mayBe(OriginValue value, Origin origin) {
        return value.origins().contains(origin);
    }

    // ---------------------------------------------------------------- hooks

    /** The origin of the value a field read gives ({@code receiver} null for a static), or null for the default. */
    protected Origin fieldRead(FieldInsnNode field, OriginValue receiver) {
        return null;
    }

    /** The origin of the result of {@code call}, or null for the default: fresh for an array copy, else by type. */
    protected Origin callResult(MethodInsnNode call) {
        return call.owner.startsWith("[") && call.name.equals("clone")
                || call.owner.equals("java/util/Arrays") && call.name.startsWith("copyOf") ? new Origin.Fresh(call) : null;
    }

    /** The origin of parameter {@code local} at entry, or null for the default ({@code this}, else by type). */
    protected Origin parameter(boolean isInstanceMethod, int local, Type type) {
        return isInstanceMethod && local == 0 ? Origin.Simple.THIS : null;
    }

    // ---------------------------------------------------------------- the interpreter

    private static OriginValue of(Type type) {
        if (type == null) {
            return ONE;
        }
        return switch (type.getSort()) {
            case Type.VOID -> null;
            case Type.LONG, Type.DOUBLE -> TWO;
            case Type.OBJECT, Type.ARRAY -> OTHER;
            default -> ONE;
        };
    }

    private static OriginValue origin(Origin o, Type type) {
        return o == null ? of(type) : new OriginValue(1, Set.of(o));
    }

    @Override
    public OriginValue newValue(Type type) {
        return of(type);
    }

    @Override
    public OriginValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
        return origin(parameter(isInstanceMethod, local, type), type);
    }

    @Override
    public OriginValue newOperation(AbstractInsnNode insn) {
        return switch (insn.getOpcode()) {
            case Opcodes.ACONST_NULL -> origin(Origin.Simple.NULL, null);
            case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> TWO;
            case Opcodes.LDC -> {
                Object c = ((LdcInsnNode) insn).cst;
                yield c instanceof Long || c instanceof Double ? TWO
                        : c instanceof Integer || c instanceof Float ? ONE : OTHER;
            }
            case Opcodes.GETSTATIC -> {
                FieldInsnNode f = (FieldInsnNode) insn;
                yield origin(fieldRead(f, null), Type.getType(f.desc));
            }
            case Opcodes.NEW -> OTHER;
            default -> ONE;
        };
    }

    @Override
    public OriginValue copyOperation(AbstractInsnNode insn, OriginValue value) {
        return value;
    }

    @Override
    public OriginValue unaryOperation(AbstractInsnNode insn, OriginValue value) {
        return switch (insn.getOpcode()) {
            case Opcodes.NEWARRAY, Opcodes.ANEWARRAY -> origin(new Origin.Fresh(insn), null);
            case Opcodes.CHECKCAST -> value;
            case Opcodes.GETFIELD -> {
                FieldInsnNode f = (FieldInsnNode) insn;
                yield origin(fieldRead(f, value), Type.getType(f.desc));
            }
            case Opcodes.LNEG, Opcodes.DNEG, Opcodes.I2L, Opcodes.I2D, Opcodes.L2D, Opcodes.F2L, Opcodes.F2D,
                    Opcodes.D2L -> TWO;
            case Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLT, Opcodes.IFGE, Opcodes.IFGT, Opcodes.IFLE,
                    Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN,
                    Opcodes.DRETURN, Opcodes.ARETURN, Opcodes.PUTSTATIC, Opcodes.ATHROW, Opcodes.MONITORENTER,
                    Opcodes.MONITOREXIT, Opcodes.IFNULL, Opcodes.IFNONNULL -> null;
            default -> ONE;
        };
    }

    @Override
    public OriginValue binaryOperation(AbstractInsnNode insn, OriginValue value1, OriginValue value2) {
        return switch (insn.getOpcode()) {
            case Opcodes.AALOAD -> OTHER;
            case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB,
                    Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM,
                    Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> TWO;
            case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE, Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT,
                    Opcodes.IF_ICMPLE, Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE, Opcodes.PUTFIELD -> null;
            default -> ONE;
        };
    }

    @Override
    public OriginValue ternaryOperation(AbstractInsnNode insn, OriginValue value1, OriginValue value2,
            OriginValue value3) {
        return null;
    }

    @Override
    public OriginValue naryOperation(AbstractInsnNode insn, List<? extends OriginValue> values) {
        if (insn.getOpcode() == Opcodes.MULTIANEWARRAY) {
            return origin(new Origin.Fresh(insn), null);
        }
        if (insn instanceof MethodInsnNode call) {
            return origin(callResult(call), Type.getReturnType(call.desc));
        }
        return of(Type.getReturnType(((InvokeDynamicInsnNode) insn).desc));
    }

    @Override
    public void returnOperation(AbstractInsnNode insn, OriginValue value, OriginValue expected) {
    }

    @Override
    public OriginValue merge(OriginValue value1, OriginValue value2) {
        if (value1.equals(value2)) {
            return value1;
        }
        if (value1.getSize() != value2.getSize()) {
            return ONE; // a slot reused for another type: never read as either
        }
        Set<Origin> union = new HashSet<>(value1.origins());
        union.addAll(value2.origins());
        return union.equals(value1.origins()) ? value1 : new OriginValue(value1.getSize(), Set.copyOf(union));
    }
}
