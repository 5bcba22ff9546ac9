package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.RuntimeApi;
import bigfoot.ir.Site;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;

/** Checks before xALOAD ({@code dup2; readArray}) and xASTORE (value spilled, {@code dup2; writeArray}). */
final class ArrayAccesses {

    private ArrayAccesses() {
    }

    static boolean isLoad(int opcode) {
        return opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD;
    }

    static boolean isStore(int opcode) {
        return opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE;
    }

    static void instrument(MethodContext ctx, AbstractInsnNode insn) {
        if (!ctx.placesCheckAt(insn)) {
            return;
        }
        boolean write = isStore(insn.getOpcode());
        Code check = new Code().op(Opcodes.DUP2).append(ctx.threadState())
                .append(ctx.site(insn, write ? AccessOp.WRITE : AccessOp.READ, Site.ARRAY))
                .call(write ? RuntimeApi.WRITE_ARRAY : RuntimeApi.READ_ARRAY);
        if (!write) {
            ctx.insertBefore(insn, check);
            return;
        }
        Type value = storedType(insn.getOpcode());
        int slot = ctx.scratch(0);
        ctx.insertBefore(insn, new Code().store(value, slot).append(check).load(value, slot));
    }

    private static Type storedType(int storeOpcode) {
        return switch (storeOpcode) {
            case Opcodes.LASTORE -> Type.LONG_TYPE;
            case Opcodes.FASTORE -> Type.FLOAT_TYPE;
            case Opcodes.DASTORE -> Type.DOUBLE_TYPE;
            case Opcodes.AASTORE -> Type.getObjectType("java/lang/Object");
            default -> Type.INT_TYPE; // IASTORE, BASTORE, CASTORE, SASTORE
        };
    }
}
