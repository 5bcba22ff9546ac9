package bigfoot.staticbf.bytecode;

import bigfoot.staticbf.store.Digest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A digest of each method's code as StaticBF's analyses read it: its flags, descriptor and exceptions, its instructions
 * with their operands by name (not by constant-pool index), the bytecode index of each, jump targets, switch tables,
 * exception handlers, and max stack and locals. Debug information (line numbers, local variable names), stack map
 * frames, annotations and the class's other methods are left out: an edit of one method, or of a comment that moves
 * the lines of the methods after it, leaves the other methods' digests as they were, so the results of their analyses
 * are reused (the per-method results a re-run keeps).
 */
public final class MethodCodeDigests {

    private MethodCodeDigests() {
    }

    /** Per method (name + descriptor) of {@code classFile}, the digest of its code (methods without code have one). */
    public static Map<String, String> of(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        BytecodeOffsets offsets = BytecodeOffsets.of(reader);
        Map<String, String> digests = new HashMap<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                String key = name + descriptor;
                return new CodeText(access, key, signature, exceptions, offsets.offsets(key), digests);
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return digests;
    }

    /** One method's code as text, labels numbered by first reference and resolved to instruction numbers at its end. */
    private static final class CodeText extends MethodVisitor {
        private final String key;
        private final StringBuilder text = new StringBuilder();
        private final int[] offsets;
        private final Map<String, String> into;
        /** The labels referred to, in order of first reference. */
        private final List<Label> referred = new ArrayList<>();
        private final Map<Label, Integer> numbers = new IdentityHashMap<>();
        /** The instruction each label stands before. */
        private final Map<Label, Integer> positions = new IdentityHashMap<>();
        private int instructions;

        CodeText(int access, String key, String signature, String[] exceptions, int[] offsets,
                Map<String, String> into) {
            super(Opcodes.ASM9);
            this.key = key;
            this.offsets = offsets;
            this.into = into;
            text.append(access).append(' ').append(key).append(' ').append(signature).append(' ')
                    .append(Arrays.toString(exceptions)).append('\n');
        }

        private CodeText insn(int opcode) {
            instructions++;
            text.append(opcode);
            return this;
        }

        private CodeText and(Object operand) {
            text.append(' ').append(operand);
            return this;
        }

        private CodeText label(Label l) {
            return and("L" + numbers.computeIfAbsent(l, k -> {
                referred.add(k);
                return referred.size() - 1;
            }));
        }

        private void end() {
            text.append('\n');
        }

        @Override
        public void visitLabel(Label label) {
            positions.put(label, instructions);
        }

        @Override
        public void visitInsn(int opcode) {
            insn(opcode).end();
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            insn(opcode).and(operand).end();
        }

        @Override
        public void visitVarInsn(int opcode, int varIndex) {
            insn(opcode).and(varIndex).end();
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            insn(opcode).and(type).end();
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            insn(opcode).and(owner).and(name).and(descriptor).end();
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            insn(opcode).and(owner).and(name).and(descriptor).and(isInterface).end();
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
            insn(Opcodes.INVOKEDYNAMIC).and(name).and(descriptor).and(bootstrap).and(constants(arguments)).end();
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            insn(opcode).label(label).end();
        }

        @Override
        public void visitLdcInsn(Object value) {
            insn(Opcodes.LDC).and(constants(value)).end();
        }

        @Override
        public void visitIincInsn(int varIndex, int increment) {
            insn(Opcodes.IINC).and(varIndex).and(increment).end();
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            insn(Opcodes.TABLESWITCH).and(min).and(max).label(dflt);
            for (Label l : labels) {
                label(l);
            }
            end();
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            insn(Opcodes.LOOKUPSWITCH).label(dflt).and(Arrays.toString(keys));
            for (Label l : labels) {
                label(l);
            }
            end();
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            insn(Opcodes.MULTIANEWARRAY).and(descriptor).and(numDimensions).end();
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            text.append("try");
            label(start).label(end).label(handler).and(type).end();
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            text.append("maxs ").append(maxStack).append(' ').append(maxLocals).append('\n');
        }

        @Override
        public void visitEnd() {
            text.append("labels");
            for (Label l : referred) {
                text.append(' ').append(positions.getOrDefault(l, -1));
            }
            text.append("\nbcis ").append(Arrays.toString(offsets));
            into.put(key, Digest.of(text.toString()));
        }

        /** Constants by kind and value ({@code Type}, {@code Handle}, {@code ConstantDynamic} print all they name). */
        private static String constants(Object... values) {
            StringBuilder sb = new StringBuilder();
            for (Object v : values) {
                sb.append(v.getClass().getSimpleName()).append(':').append(v).append(';');
            }
            return sb.toString();
        }
    }
}
