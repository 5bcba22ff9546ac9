package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.RuntimeApi;
import bigfoot.ir.Site;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;

/**
 * Checks before xALOAD ({@code dup2; readArray}) and xASTORE (value spilled, {@code dup2; writeArray}); with
 * {@code --verify-placement} also an access event after the check ({@code dup2; accessArray}), unless {@code --elide}
 * leaves the access unchecked.
 */
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
        boolean write = isStore(insn.getOpcode());
        if (ctx.placesCheckAt(insn, false)) {
            insertWithIndexOnTop(ctx, insn, write, new Code().op(Opcodes.DUP2).append(ctx.threadState())
                    .append(site(ctx, insn, write)).call(write ? RuntimeApi.WRITE_ARRAY : RuntimeApi.READ_ARRAY));
        }
        if (ctx.verifiesPlacement() && !ctx.elides(insn)) {
            insertWithIndexOnTop(ctx, insn, write, new Code().op(Opcodes.DUP2).append(ctx.threadState())
                    .append(site(ctx, insn, write)).push(write ? 1 : 0).call(RuntimeApi.ACCESS_ARRAY));
        }
    }

    static Code site(MethodContext ctx, AbstractInsnNode insn, boolean write) {
        return ctx.site(insn, write ? AccessOp.WRITE : AccessOp.READ, Site.ARRAY);
    }

    /** Inserts {@code call} (which expects array and index on top) before insn; a store's value is spilled around it. */
    private static void insertWithIndexOnTop(MethodContext ctx, AbstractInsnNode insn, boolean write, Code call) {
        if (!write) {
            ctx.insertBefore(insn, call);
            return;
        }
        Type value = storedType(insn.getOpcode());
        int slot = ctx.scratch(0);
        ctx.insertBefore(insn, new Code().store(value, slot).append(call).load(value, slot));
    }

    static Type storedType(int storeOpcode) {
        return switch (storeOpcode) {
            case Opcodes.LASTORE -> Type.LONG_TYPE;
            case Opcodes.FASTORE -> Type.FLOAT_TYPE;
            case Opcodes.DASTORE -> Type.DOUBLE_TYPE;
            case Opcodes.AASTORE -> Type.getObjectType("java/lang/Object");
            default -> Type.INT_TYPE; // IASTORE, BASTORE, CASTORE, SASTORE
        };
    }
}
