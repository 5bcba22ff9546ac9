package bigfoot.staticbf.rewrite;

import static bigfoot.staticbf.rewrite.HbEvents.event;

import bigfoot.ir.RuntimeApi;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/** The runtime's own events for threads and monitors: Thread.start / join / isAlive, Object.wait, CyclicBarrier.await. */
final class ThreadEvents {

    private ThreadEvents() {
    }

    /** FORK before {@code start()}: {@code dup; aload ts; fork}. */
    static void start(MethodContext ctx, MethodInsnNode call, SpilledCall s) {
        ctx.insertBefore(call, new Code().op(Opcodes.DUP).append(ctx.threadState()).call(RuntimeApi.FORK));
    }

    /** JOIN after {@code join(..)} returns normally (the runtime joins only a terminated thread). */
    static void join(MethodContext ctx, MethodInsnNode call, SpilledCall s) {
        ctx.insertBefore(call, s.spill());
        ctx.insertAfter(call, event(ctx, s, RuntimeApi.JOIN));
    }

    /** IS_ALIVE after {@code isAlive()}, which hands the result back unchanged. */
    static void isAlive(MethodContext ctx, MethodInsnNode call, SpilledCall s) {
        ctx.insertBefore(call, s.spill());
        ctx.insertAfter(call, event(ctx, s, RuntimeApi.IS_ALIVE));
    }

    /**
     * WAIT_BEFORE (a release) before {@code wait(..)}, WAIT_AFTER (an acquire) after it returns or throws:
     * the call gets its own catch-all, FIRST in the exception table, that runs WAIT_AFTER and rethrows.
     */
    static void objectWait(MethodContext ctx, MethodInsnNode call, SpilledCall s) {
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        LabelNode done = new LabelNode();
        ctx.insertBefore(call, s.spill().append(event(ctx, s, RuntimeApi.WAIT_BEFORE)).label(start));
        ctx.insertAfter(call, new Code().label(end).append(event(ctx, s, RuntimeApi.WAIT_AFTER))
                .jump(Opcodes.GOTO, done)
                .label(handler).append(event(ctx, s, RuntimeApi.WAIT_AFTER)).op(Opcodes.ATHROW)
                .label(done));
        ctx.method.tryCatchBlocks.add(0, new TryCatchBlockNode(start, end, handler, null));
    }

    /** BARRIER_BEFORE before {@code await(..)}, BARRIER_AFTER after it returns normally. */
    static void barrierAwait(MethodContext ctx, MethodInsnNode call, SpilledCall s) {
        ctx.insertBefore(call, s.spill().append(event(ctx, s, RuntimeApi.BARRIER_BEFORE)));
        ctx.insertAfter(call, event(ctx, s, RuntimeApi.BARRIER_AFTER));
    }
}
