package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.RuntimeApi;
import bigfoot.ir.Site;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LabelNode;

/**
 * Checks before xALOAD ({@code dup2; readArray}) and xASTORE (value spilled, {@code dup2; writeArray}); with
 * {@code --verify-placement} also an access event after the check ({@code dup2; accessArray}), unless {@code --elide}
 * leaves the access unchecked.
 *
 * <p>A check in a loop keeps its last array and that array's shadow in two locals ({@link MethodContext#arrayMemo}):
 * {@code if (a != last) { shadow = arrayShadow(a); last = a; } readElement(shadow, i)}. A loop over one array then
 * compares two references per check instead of finding the shadow (an identity hash and a per-thread cache) each time.
 * An array's shadow is the same object for the array's life, so the locals never hold a stale one. Element checks
 * that a placement moves ({@link DeferredChecks}) into a loop keep theirs the same way.
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
            int memo = ctx.arrayMemo(insn);
            insertWithIndexOnTop(ctx, insn, write, memo < 0
                    ? new Code().op(Opcodes.DUP2).append(ctx.threadState()).append(site(ctx, insn, write))
                            .call(write ? RuntimeApi.WRITE_ARRAY : RuntimeApi.READ_ARRAY)
                    : memoised(ctx, insn, write, memo));
        }
        if (ctx.verifiesPlacement() && !ctx.elides(insn)) {
            insertWithIndexOnTop(ctx, insn, write, new Code().op(Opcodes.DUP2).append(ctx.threadState())
                    .append(site(ctx, insn, write)).push(write ? 1 : 0).call(RuntimeApi.ACCESS_ARRAY));
        }
    }

    /** The check with array and index on top, through the locals {@code memo} (last array), {@code memo + 1} (shadow). */
    private static Code memoised(MethodContext ctx, AbstractInsnNode insn, boolean write, int memo) {
        int array = ctx.scratch(2);                             // 0 and 1: a store's spilled value
        int index = ctx.scratch(3);
        return new Code().op(Opcodes.DUP2).store(Type.INT_TYPE, index).astore(array)
                .append(memoisedCheck(ctx, array, new Code().load(Type.INT_TYPE, index), site(ctx, insn, write), write,
                        memo));
    }

    /**
     * The check of the array in local {@code array} at the index {@code index} pushes, through the locals {@code memo}
     * (last array) and {@code memo + 1} (its shadow): {@code if (a != last) { shadow = arrayShadow(a); last = a; }
     * readElement(shadow, i)}. Leaves the stack as it was.
     */
    static Code memoisedCheck(MethodContext ctx, int array, Code index, Code site, boolean write, int memo) {
        LabelNode same = new LabelNode();
        return new Code().aload(array).aload(memo).jump(Opcodes.IF_ACMPEQ, same)
                .aload(array).append(ctx.threadState()).call(RuntimeApi.ARRAY_SHADOW).astore(memo + 1)
                .aload(array).astore(memo)
                .label(same)
                .aload(memo + 1).append(index).append(ctx.threadState()).append(site)
                .call(write ? RuntimeApi.WRITE_ELEMENT : RuntimeApi.READ_ELEMENT);
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
