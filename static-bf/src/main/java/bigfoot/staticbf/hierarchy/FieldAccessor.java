package bigfoot.staticbf.hierarchy;

import java.util.Optional;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A synthetic accessor ({@code access$002(Outer, int)}, what javac before Java 11 writes so that an inner class may
 * use its outer class's private field) whose body only reads and/or writes one field of its own class: of its first
 * argument, or static. The rewriter checks the access at each call of the accessor, so that a race is reported at
 * the caller's line, not at the accessor's (the class declaration's).
 *
 * @param field  the field's name
 * @param desc   its descriptor
 * @param isStatic a static field (else the field of the accessor's argument 0)
 * @param writes the accessor writes the field (a write check covers its read too)
 */
public record FieldAccessor(String field, String desc, boolean isStatic, boolean writes) {

    /** True if a method with these flags and name may be an accessor (its body is then read by {@link Reader}). */
    static boolean mayBe(int access, String name) {
        return (access & (Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC)) == (Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC)
                && mayBeCalled(name);
    }

    /** True if a static call of a method so named may call an accessor (its class is then looked up). */
    public static boolean mayBeCalled(String name) {
        return name.startsWith("access$");
    }

    /**
     * Reads an accessor's body: loads of its arguments, constants, stack and arithmetic instructions, field
     * instructions on one field of {@code owner} (on argument 0 if an instance field) and a return; anything else
     * (a call, a branch, a store, another field) and it is not one.
     */
    static final class Reader extends MethodVisitor {
        private final String owner;
        private String field;
        private String desc;
        private boolean isStatic;
        private boolean writes;
        private boolean onArgument0;
        private int lastLoad = -1;
        private boolean simple = true;

        Reader(String owner) {
            super(Opcodes.ASM9);
            this.owner = owner;
        }

        Optional<FieldAccessor> result() {
            return simple && field != null ? Optional.of(new FieldAccessor(field, desc, isStatic, writes)) : Optional.empty();
        }

        @Override
        public void visitFieldInsn(int opcode, String fieldOwner, String name, String descriptor) {
            boolean staticInsn = opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC;
            if (!fieldOwner.equals(owner) || field != null && (!field.equals(name) || !desc.equals(descriptor)
                    || isStatic != staticInsn)) {
                simple = false;
                return;
            }
            field = name;
            desc = descriptor;
            isStatic = staticInsn;
            writes |= opcode == Opcodes.PUTFIELD || opcode == Opcodes.PUTSTATIC;
            if (!staticInsn && !onArgument0) {
                simple = false; // the receiver must be argument 0, loaded first
            }
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            if (opcode < Opcodes.ILOAD || opcode > Opcodes.ALOAD) {
                simple = false;
            } else if (lastLoad < 0) {
                onArgument0 = opcode == Opcodes.ALOAD && var == 0;
            }
            lastLoad = var;
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode == Opcodes.ATHROW || opcode == Opcodes.MONITORENTER || opcode == Opcodes.MONITOREXIT
                    || opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD
                    || opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE) {
                simple = false;
            }
        }

        @Override
        public void visitMethodInsn(int opcode, String o, String name, String descriptor, boolean isInterface) {
            simple = false;
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... bsmArgs) {
            simple = false;
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            simple = false;
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            simple = false;
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            simple = false;
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            simple = false;
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            simple = false;
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            simple = false;
        }
    }
}
