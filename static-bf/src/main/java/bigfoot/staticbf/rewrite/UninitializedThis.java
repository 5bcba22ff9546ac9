package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.bytecode.DistinctValue;
import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * Finds the {@code putfield}s of a constructor that write a field of {@code this} before the super() or
 * this() call (javac's {@code this.this$0 = outer}): the object is still "uninitializedThis" there, so
 * the verifier forbids passing it to a check.
 */
final class UninitializedThis {

    /** The value of {@code this} in a constructor until its super()/this() call; compared by identity. */
    private static final BasicValue THIS_BEFORE_SUPER_CALL = DistinctValue.create();

    private UninitializedThis() {
    }

    /** The putfield instructions of {@code constructor} whose receiver is the uninitialized {@code this}. */
    static Set<AbstractInsnNode> writesBeforeSuperCall(String owner, MethodNode constructor) {
        Frame<BasicValue>[] frames;
        try {
            frames = new ThisTrackingAnalyzer().analyze(owner, constructor);
        } catch (AnalyzerException e) {
            throw new IllegalStateException("cannot analyse " + owner + "." + constructor.name + constructor.desc
                    + ": " + e.getMessage(), e);
        }
        Set<AbstractInsnNode> writes = new HashSet<>();
        AbstractInsnNode[] insns = constructor.instructions.toArray();
        for (int i = 0; i < insns.length; i++) {
            Frame<BasicValue> frame = frames[i];
            if (insns[i].getOpcode() == Opcodes.PUTFIELD
                    && (frame == null || frame.getStack(frame.getStackSize() - 2) == THIS_BEFORE_SUPER_CALL)) {
                writes.add(insns[i]); // unreachable code (no frame) gets no check either
            }
        }
        return writes;
    }

    private static final class ThisTrackingAnalyzer extends Analyzer<BasicValue> {
        ThisTrackingAnalyzer() {
            super(new ThisTrackingInterpreter());
        }

        @Override
        protected Frame<BasicValue> newFrame(int numLocals, int numStack) {
            return new ThisTrackingFrame(numLocals, numStack);
        }

        @Override
        protected Frame<BasicValue> newFrame(Frame<? extends BasicValue> frame) {
            ThisTrackingFrame copy = new ThisTrackingFrame(frame.getLocals(), frame.getMaxStackSize());
            copy.init(frame);
            return copy;
        }
    }

    private static final class ThisTrackingInterpreter extends BasicInterpreter {
        ThisTrackingInterpreter() {
            super(Opcodes.ASM9);
        }

        @Override
        public BasicValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
            return isInstanceMethod && local == 0 ? THIS_BEFORE_SUPER_CALL : super.newParameterValue(isInstanceMethod,
                    local, type);
        }

        @Override
        public BasicValue merge(BasicValue value1, BasicValue value2) {
            // Conservative: a slot that may hold the uninitialized this is treated as holding it.
            if (value1 == THIS_BEFORE_SUPER_CALL || value2 == THIS_BEFORE_SUPER_CALL) {
                return THIS_BEFORE_SUPER_CALL;
            }
            return super.merge(value1, value2);
        }
    }

    /** After the super()/this() call on the uninitialized this, every copy of it becomes initialized. */
    private static final class ThisTrackingFrame extends Frame<BasicValue> {
        ThisTrackingFrame(int numLocals, int maxStack) {
            super(numLocals, maxStack);
        }

        @Override
        public void execute(AbstractInsnNode insn, Interpreter<BasicValue> interpreter) throws AnalyzerException {
            boolean initializesThis = insn.getOpcode() == Opcodes.INVOKESPECIAL
                    && "<init>".equals(((MethodInsnNode) insn).name)
                    && getStack(getStackSize() - 1 - Type.getArgumentTypes(((MethodInsnNode) insn).desc).length)
                            == THIS_BEFORE_SUPER_CALL;
            super.execute(insn, interpreter);
            if (initializesThis) {
                for (int i = 0; i < getLocals(); i++) {
                    if (getLocal(i) == THIS_BEFORE_SUPER_CALL) {
                        setLocal(i, BasicValue.REFERENCE_VALUE);
                    }
                }
                for (int i = 0; i < getStackSize(); i++) {
                    if (getStack(i) == THIS_BEFORE_SUPER_CALL) {
                        setStack(i, BasicValue.REFERENCE_VALUE);
                    }
                }
            }
        }
    }
}
