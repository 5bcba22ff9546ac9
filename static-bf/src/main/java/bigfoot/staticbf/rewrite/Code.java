package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/** A small builder for the instruction sequences the rewriter inserts. */
final class Code {

    private final InsnList list = new InsnList();

    Code op(int opcode) {
        list.add(new InsnNode(opcode));
        return this;
    }

    Code load(Type type, int slot) {
        list.add(new VarInsnNode(type.getOpcode(Opcodes.ILOAD), slot));
        return this;
    }

    Code store(Type type, int slot) {
        list.add(new VarInsnNode(type.getOpcode(Opcodes.ISTORE), slot));
        return this;
    }

    Code aload(int slot) {
        list.add(new VarInsnNode(Opcodes.ALOAD, slot));
        return this;
    }

    Code astore(int slot) {
        list.add(new VarInsnNode(Opcodes.ASTORE, slot));
        return this;
    }

    Code jump(int opcode, LabelNode target) {
        list.add(new JumpInsnNode(opcode, target));
        return this;
    }

    Code add(AbstractInsnNode insn) {
        list.add(insn);
        return this;
    }

    Code label(LabelNode label) {
        list.add(label);
        return this;
    }

    Code ldc(Object constant) {
        list.add(new LdcInsnNode(constant));
        return this;
    }

    Code push(int value) {
        if (value >= -1 && value <= 5) {
            list.add(new InsnNode(Opcodes.ICONST_0 + value));
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            list.add(new IntInsnNode(Opcodes.BIPUSH, value));
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            list.add(new IntInsnNode(Opcodes.SIPUSH, value));
        } else {
            list.add(new LdcInsnNode(value));
        }
        return this;
    }

    Code field(int opcode, String owner, String name, String descriptor) {
        list.add(new FieldInsnNode(opcode, owner, name, descriptor));
        return this;
    }

    Code invoke(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        list.add(new MethodInsnNode(opcode, owner, name, descriptor, isInterface));
        return this;
    }

    /** {@code checkcast type} (an internal name, or an array descriptor). */
    Code checkcast(String type) {
        list.add(new TypeInsnNode(Opcodes.CHECKCAST, type));
        return this;
    }

    /** {@code invokestatic bigfoot/rt/RT.<entry>}. */
    Code call(RuntimeApi.Entry entry) {
        return invoke(Opcodes.INVOKESTATIC, RuntimeApi.RT, entry.name(), entry.descriptor(), false);
    }

    Code append(Code other) {
        list.add(other.list);
        return this;
    }

    boolean isEmpty() {
        return list.size() == 0;
    }

    /** The instructions; this builder is empty afterwards. */
    InsnList take() {
        InsnList taken = new InsnList();
        taken.add(list);
        return taken;
    }
}
