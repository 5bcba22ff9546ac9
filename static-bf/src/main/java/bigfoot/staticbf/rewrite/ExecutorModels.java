package bigfoot.staticbf.rewrite;

import static bigfoot.staticbf.rewrite.HbEvents.acquireAfter;
import static bigfoot.staticbf.rewrite.HbEvents.acquireIfTrue;
import static bigfoot.staticbf.rewrite.HbEvents.anyDescriptor;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBefore;

import bigfoot.ir.RuntimeApi;
import bigfoot.ir.RuntimeApi.Entry;
import bigfoot.staticbf.rewrite.HbEvents.Model;
import bigfoot.staticbf.rewrite.HbEvents.Owners;
import bigfoot.staticbf.rewrite.HbEvents.Rule;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Executors and futures (the Executor and Future interfaces' memory consistency: submitting a task happens before
 * it runs, and its end happens before {@code Future.get} returns). The task handed over is wrapped by the
 * runtime ({@code RT.taskRunnable}, ...): the wrapper acquires what the submitter released when it starts and
 * releases when it ends; the returned Future (or CompletableFuture) is an alias of the wrapper, and the executor's
 * channel gets every task's end, for {@code awaitTermination}. {@code invokeAll} acquires every task's end.
 * CompletableFuture's {@code complete} happens before {@code join} / {@code get}. The function of a dependent stage
 * ({@code thenApply(fn)}, {@code thenCombine(other, fn)}, ... of any CompletionStage) is wrapped too
 * ({@code RT.stage}): it starts after its registration and after the completion of the stages it depends on (not for
 * the {@code *Either} family, which runs after one of two), and the dependent stage is an alias of the wrapper
 * (not for {@code *Compose}, whose stage completes with the one the function returns). ForkJoin tasks:
 * {@link ForkJoinModels}. A thread that {@code Thread.Builder.start} or {@code Thread.startVirtualThread} (Java 21)
 * starts at once, with no call between its creation and its start to put a FORK before, runs its task through a
 * wrapper too ({@code RT.threadRunnable}), which makes the start a FORK.
 */
final class ExecutorModels {

    private static final String EXECUTOR = "java/util/concurrent/Executor";
    private static final String EXECUTOR_SERVICE = "java/util/concurrent/ExecutorService";
    private static final String FUTURE = "java/util/concurrent/Future";
    private static final String COMPLETABLE = "java/util/concurrent/CompletableFuture";
    /** The builders of Java 21 (named exactly: this JDK may not have them). */
    private static final Set<String> THREAD_BUILDERS = Set.of("java/lang/Thread$Builder",
            "java/lang/Thread$Builder$OfPlatform", "java/lang/Thread$Builder$OfVirtual");

    private static final String RUNNABLE = "Ljava/lang/Runnable;";
    private static final String CALLABLE = "Ljava/util/concurrent/Callable;";
    private static final String SUPPLIER = "Ljava/util/function/Supplier;";

    private ExecutorModels() {
    }

    /** What follows the call of a wrapped task: the result aliases the wrapper, or every task is acquired. */
    private enum After { NOTHING, ALIAS_RESULT, ACQUIRE_ALL }

    static List<CallHandler> handlers() {
        Owners service = Owners.subtypesOf(EXECUTOR_SERVICE);
        Owners completable = Owners.subtypesOf(COMPLETABLE);
        Owners stages = Owners.subtypesOf(CompletionStages.TYPE);
        return List.of(
                new Rule(Owners.subtypesOf(EXECUTOR), Set.of("execute"), d -> d.equals("(" + RUNNABLE + ")V"),
                        wrap(0, RuntimeApi.TASK_RUNNABLE, After.NOTHING)),
                new Rule(service, Set.of("submit", "schedule", "scheduleAtFixedRate", "scheduleWithFixedDelay"),
                        d -> d.startsWith("(" + RUNNABLE), wrap(0, RuntimeApi.TASK_RUNNABLE, After.ALIAS_RESULT)),
                new Rule(service, Set.of("submit", "schedule"), d -> d.startsWith("(" + CALLABLE),
                        wrap(0, RuntimeApi.TASK_CALLABLE, After.ALIAS_RESULT)),
                new Rule(service, Set.of("invokeAll", "invokeAny"), d -> d.startsWith("(Ljava/util/Collection;"),
                        wrap(0, RuntimeApi.TASKS, After.ACQUIRE_ALL)),
                new Rule(service, Set.of("awaitTermination"), anyDescriptor(), acquireIfTrue()),
                new Rule(completable, Set.of("runAsync"), d -> d.startsWith("(" + RUNNABLE),
                        wrap(0, RuntimeApi.TASK_RUNNABLE, After.ALIAS_RESULT)),
                new Rule(completable, Set.of("supplyAsync"), d -> d.startsWith("(" + SUPPLIER),
                        wrap(0, RuntimeApi.TASK_SUPPLIER, After.ALIAS_RESULT)),
                new Rule(completable, Set.of("complete", "completeExceptionally"), anyDescriptor(), releaseBefore()),
                new Rule(completable, Set.of("join", "getNow"), anyDescriptor(), acquireAfter()),
                new Rule(Owners.subtypesOf(FUTURE), Set.of("get"), anyDescriptor(), acquireAfter()),
                new Rule(stages, CompletionStages.AFTER_ONE, anyDescriptor(), stage(0, false, true)),
                new Rule(stages, CompletionStages.AFTER_BOTH, anyDescriptor(), stage(1, true, true)),
                new Rule(stages, CompletionStages.AFTER_EITHER, anyDescriptor(), stage(1, false, true)),
                new Rule(stages, CompletionStages.COMPOSE, anyDescriptor(), stage(0, false, false)),
                new Rule(Owners.exactly(THREAD_BUILDERS), Set.of("start"), d -> d.equals("(" + RUNNABLE + ")Ljava/lang/Thread;"),
                        wrap(0, RuntimeApi.THREAD_RUNNABLE, After.NOTHING)),
                new Rule(Owners.exactly(Set.of("java/lang/Thread")), Set.of("startVirtualThread"),
                        d -> d.equals("(" + RUNNABLE + ")Ljava/lang/Thread;"), wrap(0, RuntimeApi.THREAD_RUNNABLE, After.NOTHING)));
    }

    /**
     * A dependent stage's function (argument {@code fn}) replaced by {@code RT.stage(fn, source, other, ts)}: the
     * source is the receiver (none for the Either family: {@code afterBoth} false and fn at 1), other is argument 0 if
     * {@code afterBoth}; the result aliases the wrapper if {@code alias}.
     */
    private static Model stage(int fn, boolean afterBoth, boolean alias) {
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
     * Argument {@code arg} replaced by its wrapper ({@code wrapper(task, executor, ts)}: the executor is the receiver,
     * or a static call's Executor argument, or null), kept in the extra scratch slot for what follows the call.
     */
    private static Model wrap(int arg, Entry wrapper, After after) {
        return (ctx, call, s) -> {
            Code executor = !s.isStatic() ? s.receiver()
                    : s.argCount() > arg + 1 ? s.arg(arg + 1) : new Code().op(Opcodes.ACONST_NULL);
            replaceArgument(ctx, call, s, arg, executor.append(ctx.threadState()).call(wrapper));
            switch (after) {
                case ALIAS_RESULT -> aliasResult(ctx, call, s);
                case ACQUIRE_ALL -> ctx.insertAfter(call, new Code().aload(s.extraSlot()).append(ctx.threadState())
                        .call(RuntimeApi.HB_ACQUIRE_ALL));
                default -> { }
            }
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
