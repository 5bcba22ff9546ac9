package bigfoot.staticbf.rewrite;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

/**
 * Whether the constructors of a class that is not rewritten (a JDK superclass such as
 * {@code javax.xml.transform.Transformer} or {@code java.io.Reader}) keep {@code this} to themselves: they only read and
 * write its fields (a field may hold {@code this} itself) and call a constructor of their superclass, which must keep
 * it too. Then a rewritten subclass's objects can start local ({@code --elide dynamic-escape}): nothing but the
 * program's own code can reach them yet.
 */
final class ConstructorThis {

    private static final BasicInterpreter BASIC = new BasicInterpreter();

    private ConstructorThis() {
    }

    /**
     * True if every constructor of the class in {@code classFile} keeps {@code this}; {@code superKeeps} asks the same
     * of its superclass.
     */
    static boolean keeps(byte[] classFile, Predicate<String> superKeeps) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        if (node.superName != null && !superKeeps.test(node.superName)) {
            return false;
        }
        for (MethodNode m : node.methods) {
            if ("<init>".equals(m.name) && !keeps(node.name, m)) {
                return false;
            }
        }
        return true;
    }

    /** The values of the analysis: {@code this}, or anything else; {@code this} merged with another is {@code this}. */
    private record Tracked(int size, boolean isThis) implements Value {
        @Override
        public int getSize() {
            return size;
        }
    }

    private static boolean keeps(String owner, MethodNode constructor) {
        Set<AbstractInsnNode> leaks = new HashSet<>();
        Interpreter<Tracked> interpreter = new Interpreter<>(Opcodes.ASM9) {
            @Override
            public Tracked newValue(Type type) {
                return type == Type.VOID_TYPE ? null : new Tracked(type == null ? 1 : type.getSize(), false);
            }

            @Override
            public Tracked newParameterValue(boolean isInstanceMethod, int local, Type type) {
                return new Tracked(type.getSize(), isInstanceMethod && local == 0);
            }

            @Override
            public Tracked newOperation(AbstractInsnNode insn) throws AnalyzerException {
                return new Tracked(size(BASIC.newOperation(insn)), false);
            }

            @Override
            public Tracked copyOperation(AbstractInsnNode insn, Tracked value) {
                return value; // loads, stores and dups keep what the value is
            }

            @Override
            public Tracked unaryOperation(AbstractInsnNode insn, Tracked value) throws AnalyzerException {
                int op = insn.getOpcode();
                if (value.isThis() && op != Opcodes.GETFIELD && op != Opcodes.CHECKCAST && op != Opcodes.IFNULL
                        && op != Opcodes.IFNONNULL && op != Opcodes.INSTANCEOF && op != Opcodes.MONITORENTER
                        && op != Opcodes.MONITOREXIT) {
                    leaks.add(insn); // a static, a throw, a return
                }
                return op == Opcodes.CHECKCAST ? value : new Tracked(size(BASIC.unaryOperation(insn, null)), false);
            }

            @Override
            public Tracked binaryOperation(AbstractInsnNode insn, Tracked value1, Tracked value2)
                    throws AnalyzerException {
                // a putfield into this may store this; any other use of this as the stored value leaks it
                if (value2.isThis() && !(insn.getOpcode() == Opcodes.PUTFIELD && value1.isThis())) {
                    leaks.add(insn);
                }
                return new Tracked(size(BASIC.binaryOperation(insn, null, null)), false);
            }

            @Override
            public Tracked ternaryOperation(AbstractInsnNode insn, Tracked value1, Tracked value2, Tracked value3) {
                if (value3.isThis()) {
                    leaks.add(insn); // stored into an array
                }
                return null;
            }

            @Override
            public Tracked naryOperation(AbstractInsnNode insn, List<? extends Tracked> values) {
                for (int i = 0; i < values.size(); i++) {
                    boolean superCall = i == 0 && insn instanceof MethodInsnNode call && "<init>".equals(call.name)
                            && insn.getOpcode() == Opcodes.INVOKESPECIAL;
                    if (values.get(i).isThis() && !superCall) {
                        leaks.add(insn);
                    }
                }
                return newValue(Type.getReturnType(insn instanceof MethodInsnNode call ? call.desc
                        : ((InvokeDynamicInsnNode) insn).desc));
            }

            @Override
            public void returnOperation(AbstractInsnNode insn, Tracked value, Tracked expected) {
            }

            @Override
            public Tracked merge(Tracked a, Tracked b) {
                return a.isThis() || !b.isThis() ? a : b;
            }
        };
        try {
            new Analyzer<>(interpreter).analyze(owner, constructor);
        } catch (AnalyzerException e) {
            return false;
        }
        return leaks.isEmpty();
    }

    /** The size of what {@code made} makes, as the basic interpreter sees it (one for nothing). */
    private static int size(BasicValue made) {
        return made == null ? 1 : made.getSize();
    }
}
