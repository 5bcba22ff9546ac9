package bigfoot.staticbf.rewrite;

import static bigfoot.staticbf.rewrite.HbEvents.acquireAfter;
import static bigfoot.staticbf.rewrite.HbEvents.anyDescriptor;
import static bigfoot.staticbf.rewrite.HbEvents.aroundArguments;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBefore;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBeforeAcquireAfter;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.rewrite.HbEvents.Owners;
import bigfoot.staticbf.rewrite.HbEvents.Rule;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * ForkJoin tasks, on the task's channel (ForkJoinTask's memory consistency: forking a task happens before its
 * {@code compute} runs, and its end before {@code join}, {@code invoke} or {@code get} returns). The caller's side:
 * {@code fork} releases into the task, {@code join} acquires from it after it returns, {@code invoke} does both, and
 * so do {@code invokeAll(t1, t2)} and {@code ForkJoinPool.invoke(task)} for their tasks ({@code submit} and
 * {@code execute} of a task release into it). The task's side: the {@code compute()} of every ForkJoinTask subclass
 * acquires from its task's channel at entry and releases into it at every return ({@link #instrumentCompute}), as
 * the kill sets assume (LibraryModel). {@code invokeAll} of an array or a collection is not modelled.
 */
final class ForkJoinModels {

    private static final String TASK = "java/util/concurrent/ForkJoinTask";
    private static final String TASK_DESCRIPTOR = "Ljava/util/concurrent/ForkJoinTask;";

    private ForkJoinModels() {
    }

    static List<CallHandler> handlers() {
        Owners task = Owners.subtypesOf(TASK);
        Owners pool = Owners.subtypesOf("java/util/concurrent/ForkJoinPool");
        return List.of(
                new Rule(task, Set.of("fork"), anyDescriptor(), releaseBefore()),
                new Rule(task, Set.of("join"), anyDescriptor(), acquireAfter()),
                new Rule(task, Set.of("invoke"), anyDescriptor(), releaseBeforeAcquireAfter()),
                new Rule(task, Set.of("invokeAll"), d -> d.equals("(" + TASK_DESCRIPTOR + TASK_DESCRIPTOR + ")V"),
                        aroundArguments(true, 0, 1)),
                new Rule(pool, Set.of("invoke"), d -> d.startsWith("(" + TASK_DESCRIPTOR), aroundArguments(true, 0)),
                new Rule(pool, Set.of("submit", "execute"), d -> d.startsWith("(" + TASK_DESCRIPTOR), aroundArguments(false, 0)));
    }

    /** True if {@code method} is the {@code compute()} of a ForkJoinTask subclass (RecursiveTask, RecursiveAction...). */
    static boolean isCompute(ClassContext cls, MethodNode method) {
        return HbEvents.isBodyOf(cls, method, TASK, "compute");
    }

    /** compute() acquires from its task's channel at entry and releases into it before every return. */
    static void instrumentCompute(MethodContext ctx) {
        ctx.insertAtStart(new Code().aload(0).append(ctx.threadState()).call(RuntimeApi.HB_ACQUIRE));
        for (AbstractInsnNode insn : ctx.method.instructions.toArray()) {
            if (insn.getOpcode() >= Opcodes.IRETURN && insn.getOpcode() <= Opcodes.RETURN) {
                ctx.insertBefore(insn, new Code().aload(0).append(ctx.threadState()).call(RuntimeApi.HB_RELEASE));
            }
        }
    }
}
