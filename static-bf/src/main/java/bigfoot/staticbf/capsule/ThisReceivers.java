package bigfoot.staticbf.capsule;

import bigfoot.staticbf.bytecode.DistinctValue;
import java.util.Collections;
import java.util.IdentityHashMap;
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

/**
 * Which field instructions and method calls of an instance method work on {@code this}: their receiver is, on every
 * path, the value local 0 held at entry (loaded, stored to other locals, {@code dup}ed, never anything merged with
 * another value).
 */
final class ThisReceivers {

    /** The value of local 0 at entry; unequal to every other value, so a merge with anything else loses it. */
    private static final BasicValue THIS = DistinctValue.create();

    private final Set<AbstractInsnNode> onThis;
    private final Set<AbstractInsnNode> callsOnThis;

    private ThisReceivers(Set<AbstractInsnNode> onThis, Set<AbstractInsnNode> callsOnThis) {
        this.onThis = onThis;
        this.callsOnThis = callsOnThis;
    }

    /** The analysis of instance method {@code method} of {@code owner}; AnalyzerException if its code does not verify. */
    static ThisReceivers of(String owner, MethodNode method) throws AnalyzerException {
        Frame<BasicValue>[] frames = new Analyzer<>(new Interpreter()).analyze(owner, method);
        Set<AbstractInsnNode> onThis = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<AbstractInsnNode> callsOnThis = Collections.newSetFromMap(new IdentityHashMap<>());
        AbstractInsnNode[] insns = method.instructions.toArray();
        for (int i = 0; i < insns.length; i++) {
            Frame<BasicValue> f = frames[i];
            int op = insns[i].getOpcode();
            if (f == null) {
                continue; // unreachable: never runs
            }
            if ((op == Opcodes.GETFIELD && f.getStack(f.getStackSize() - 1) == THIS)
                    || (op == Opcodes.PUTFIELD && f.getStack(f.getStackSize() - 2) == THIS)) {
                onThis.add(insns[i]);
            } else if (insns[i] instanceof MethodInsnNode call && op != Opcodes.INVOKESTATIC
                    && !call.name.equals("<init>")
                    && f.getStack(f.getStackSize() - 1 - Type.getArgumentTypes(call.desc).length) == THIS) {
                callsOnThis.add(call);
            }
        }
        return new ThisReceivers(onThis, callsOnThis);
    }

    /** True if {@code field}, a getfield or putfield, certainly works on {@code this}. */
    boolean onThis(AbstractInsnNode field) {
        return onThis.contains(field);
    }

    /** The calls of instance methods (constructors aside) whose receiver is certainly {@code this}. */
    Set<AbstractInsnNode> callsOnThis() {
        return callsOnThis;
    }

    private static final class Interpreter extends BasicInterpreter {
        Interpreter() {
            super(Opcodes.ASM9);
        }

        @Override
        public BasicValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
            return isInstanceMethod && local == 0 ? THIS : super.newParameterValue(isInstanceMethod, local, type);
        }
    }
}
