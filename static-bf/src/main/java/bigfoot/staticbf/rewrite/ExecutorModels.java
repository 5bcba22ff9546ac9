package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.ir.RuntimeApi.Entry;
import bigfoot.staticbf.rewrite.HbEvents.Model;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The code of the events that wrap a task or a function another thread runs: a task handed to an executor
 * ({@code RT.taskRunnable}, {@code taskCallable}, {@code taskSupplier}, {@code tasks}: the wrapper acquires what the
 * submitter released when it starts and releases when it ends; the returned Future is an alias of the wrapper, and
 * {@code invokeAll} acquires every task's end), a dependent stage's function ({@code RT.stage}: it starts after its
 * registration and after the completion of its sources, and the dependent stage is an alias of the wrapper unless it
 * is a {@code *Compose}), and the task of a thread a Java 21 builder starts at once ({@code RT.threadRunnable}, which
 * makes the start a FORK). Which calls get them: the JDK model ({@code bigfoot.staticbf.jdk.JdkSyncModel}).
 */
final class ExecutorModels {

    private static final String RUNNABLE = "Ljava/lang/Runnable;";
    private static final String CALLABLE = "Ljava/util/concurrent/Callable;";
    private static final String SUPPLIER = "Ljava/util/function/Supplier;";
    private static final String COLLECTION = "Ljava/util/Collection;";

    private ExecutorModels() {
    }

    /** What follows the call of a wrapped task: the result aliases the wrapper, or every task is acquired. */
    enum After { NOTHING, ALIAS_RESULT, ACQUIRE_ALL }

    /**
     * A dependent stage's function (argument {@code fn}) replaced by {@code RT.stage(fn, source, other, ts)}: the
     * source is the receiver (none for the Either family: {@code afterBoth} false and fn at 1), other is argument 0 if
     * {@code afterBoth}; the result aliases the wrapper if {@code alias}.
     */
    static Model stage(int fn, boolean afterBoth, boolean alias) {
        return (ctx, call, s) -> {
            Code source = fn == 0 || afterBoth ? s.receiver() : new Code().op(Opcodes.ACONST_NULL);
            Code other = afterBoth ? s.arg(0) : new Code().op(Opcodes.ACONST_NULL);
            replaceArgument(ctx, call, s, fn, source.append(other).append(ctx.threadState()).call(RuntimeApi.STAGE));
            if (alias) {
                aliasResult(ctx, call, s);
            }
        };
    }

    /**
     * The task (argument 0) replaced by its wrapper ({@code wrapper(task, executor, ts)}: the executor is the
     * receiver, or a static call's Executor argument, or null), kept in the extra scratch slot for what follows the
     * call. The wrapper is the runtime's for the task's type: a thread's Runnable if {@code thread}.
     */
    static Model wrap(boolean thread, After after) {
        return (ctx, call, s) -> {
            Entry wrapper = thread ? RuntimeApi.THREAD_RUNNABLE : wrapperOf(s.argType(0).getDescriptor());
            Code executor = !s.isStatic() ? s.receiver()
                    : s.argCount() > 1 ? s.arg(1) : new Code().op(Opcodes.ACONST_NULL);
            replaceArgument(ctx, call, s, 0, executor.append(ctx.threadState()).call(wrapper));
            switch (after) {
                case ALIAS_RESULT -> aliasResult(ctx, call, s);
                case ACQUIRE_ALL -> ctx.insertAfter(call, new Code().aload(s.extraSlot()).append(ctx.threadState())
                        .call(RuntimeApi.HB_ACQUIRE_ALL));
                default -> { }
            }
        };
    }

    /** The runtime's wrapper for a task of type {@code descriptor}. */
    private static Entry wrapperOf(String descriptor) {
        return switch (descriptor) {
            case RUNNABLE -> RuntimeApi.TASK_RUNNABLE;
            case CALLABLE -> RuntimeApi.TASK_CALLABLE;
            case SUPPLIER -> RuntimeApi.TASK_SUPPLIER;
            case COLLECTION -> RuntimeApi.TASKS;
            default -> throw new IllegalStateException("no task wrapper for " + descriptor);
        };
    }

    /**
     * Before the call, argument {@code arg} becomes what {@code wrapping} makes of it (the code runs with the argument
     * on the stack and leaves its wrapper), also kept in the extra scratch slot.
     */
    private static void replaceArgument(MethodContext ctx, MethodInsnNode call, SpilledCall s, int arg, Code wrapping) {
        ctx.insertBefore(call, s.spill(arg, wrapping.checkcast(s.argType(arg).getInternalName())
                .op(Opcodes.DUP).astore(s.extraSlot())));
    }

    /** After the call, its result is an alias of the wrapper kept in the extra slot (a Future of its task). */
    private static void aliasResult(MethodContext ctx, MethodInsnNode call, SpilledCall s) {
        ctx.insertAfter(call, new Code().aload(s.extraSlot()).call(RuntimeApi.HB_ALIAS)
                .checkcast(Type.getReturnType(call.desc).getInternalName()));
    }
}
