package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Lock events: ACQUIRE after monitorenter and at the entry of a synchronized method, RELEASE before
 * monitorexit and before every exit of a synchronized method (the runtime must see the release before
 * another thread can acquire, and the acquire after this thread holds the lock).
 */
final class Monitors {

    private Monitors() {
    }

    /** {@code dup; monitorenter; aload ts; acquire} — the copy of the lock waits on the stack. */
    static void monitorEnter(MethodContext ctx, AbstractInsnNode insn) {
        ctx.insertBefore(insn, new Code().op(Opcodes.DUP));
        ctx.insertAfter(insn, ctx.threadState().call(RuntimeApi.ACQUIRE));
    }

    /** {@code dup; aload ts; release; monitorexit}. */
    static void monitorExit(MethodContext ctx, AbstractInsnNode insn) {
        ctx.insertBefore(insn, new Code().op(Opcodes.DUP).append(ctx.threadState()).call(RuntimeApi.RELEASE));
    }

    /** Before a return of a synchronized method: {@code aload lock; aload ts; release}. */
    static void beforeSynchronizedReturn(MethodContext ctx, AbstractInsnNode returnInsn) {
        ctx.insertBefore(returnInsn, release(ctx));
    }

    /**
     * Wraps a synchronized method: at entry {@code lock = this (or C.class); acquire}, and a catch-all
     * handler over the whole original body, LAST in the exception table so every handler of the method
     * runs first, that releases and rethrows.
     */
    static void wrapSynchronizedMethod(MethodContext ctx) {
        boolean isStatic = (ctx.method.access & Opcodes.ACC_STATIC) != 0;
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        Code entry = isStatic ? new Code().ldc(Type.getObjectType(ctx.cls.name())) : new Code().aload(0);
        entry.astore(ctx.lockSlot()).aload(ctx.lockSlot()).append(ctx.threadState()).call(RuntimeApi.ACQUIRE)
             .label(start);
        ctx.insertAtStart(entry);
        ctx.append(new Code().label(end).label(handler).append(release(ctx)).op(Opcodes.ATHROW));
        ctx.method.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    private static Code release(MethodContext ctx) {
        return new Code().aload(ctx.lockSlot()).append(ctx.threadState()).call(RuntimeApi.RELEASE);
    }
}
