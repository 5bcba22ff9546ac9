package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.jdk.JdkSyncModel;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * INTERRUPT DETECTED BY AN EXCEPTION: a JDK method that throws {@code InterruptedException} (sleep, join, await,
 * take, get, ...) has seen the thread's interrupt, so {@code t.interrupt()} (a release into t's channel, the JDK
 * model's thread signals) happens before it: an acquire from the current thread's channel before the exception leaves
 * the call. The call gets a handler of that type, FIRST in the exception table, placed right after the call
 * so that its rethrow is covered by every range that covered the call (the method's own handlers, our commit
 * handlers, a model's catch-all such as wait's). The analysis counts these calls as acquires, by the same rule.
 */
final class InterruptDetection {

    private InterruptDetection() {
    }

    /** True if {@code call} is to a method (not a constructor) of java.lang or java.util.* declaring InterruptedException. */
    static boolean applies(ClassContext cls, MethodInsnNode call) {
        return JdkSyncModel.detectsInterrupts(call.owner, call.name)
                && cls.hierarchy().declaresInterruptedException(call.owner, call.name, call.desc);
    }

    /** Wraps {@code call}: on InterruptedException, acquire from the current thread's channel and rethrow. */
    static void instrument(MethodContext ctx, MethodInsnNode call) {
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        LabelNode done = new LabelNode();
        ctx.insertBefore(call, new Code().label(start));
        ctx.insertAfter(call, new Code().label(end).jump(Opcodes.GOTO, done)
                .label(handler)
                .invoke(Opcodes.INVOKESTATIC, "java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", false)
                .append(ctx.threadState()).call(RuntimeApi.HB_ACQUIRE)
                .op(Opcodes.ATHROW)
                .label(done));
        ctx.method.tryCatchBlocks.add(0, new TryCatchBlockNode(start, end, handler, JdkSyncModel.INTERRUPTED_EXCEPTION));
    }
}
