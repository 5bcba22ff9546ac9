package bigfoot.staticbf.rewrite;

import static bigfoot.staticbf.rewrite.HbEvents.acquireIfTrue;
import static bigfoot.staticbf.rewrite.HbEvents.aroundArguments;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBefore;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.rewrite.HbEvents.Model;
import bigfoot.staticbf.rewrite.HbEvents.Owners;
import bigfoot.staticbf.rewrite.HbEvents.Rule;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;

/**
 * Signals to a thread, on the thread's channel: {@code t.interrupt()} happens before the interrupted thread sees
 * it ({@code isInterrupted()} or {@code Thread.interrupted()} returning true), and {@code LockSupport.unpark(t)}
 * before {@code t}'s {@code park} returns (JLS 17.4.4 for interrupts; a park may also return spuriously, which
 * then orders nothing it should not: only an unpark ever released into the channel). An interrupt detected by an
 * InterruptedException: {@link InterruptDetection}.
 */
final class ThreadSignalModels {

    private static final String THREAD = "java/lang/Thread";

    private ThreadSignalModels() {
    }

    static List<CallHandler> handlers() {
        Owners thread = Owners.subtypesOf(THREAD);
        Owners lockSupport = Owners.exactly(Set.of("java/util/concurrent/locks/LockSupport"));
        return List.of(
                new Rule(thread, Set.of("interrupt"), d -> d.equals("()V"), releaseBefore()),
                new Rule(thread, Set.of("isInterrupted"), d -> d.equals("()Z"), acquireIfTrue()),
                new Rule(thread, Set.of("interrupted"), d -> d.equals("()Z"), currentThread(true)),
                new Rule(lockSupport, Set.of("unpark"), d -> d.equals("(Ljava/lang/Thread;)V"), aroundArguments(false, 0)),
                new Rule(lockSupport, Set.of("park", "parkNanos", "parkUntil"), HbEvents.anyDescriptor(), currentThread(false)));
    }

    /** A static call about the calling thread: an acquire from its channel after it returns (if true, for a boolean). */
    private static Model currentThread(boolean ifTrue) {
        return (ctx, call, s) -> {
            Code current = new Code().invoke(Opcodes.INVOKESTATIC, THREAD, "currentThread", "()Ljava/lang/Thread;", false)
                    .append(ctx.threadState());
            ctx.insertAfter(call, ifTrue ? current.call(RuntimeApi.HB_ACQUIRE_IF) : current.call(RuntimeApi.HB_ACQUIRE));
        };
    }
}
