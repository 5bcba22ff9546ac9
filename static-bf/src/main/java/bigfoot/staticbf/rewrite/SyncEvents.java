package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.jdk.Event;
import bigfoot.staticbf.jdk.FinalizerEdge;
import bigfoot.staticbf.jdk.JdkSyncModel;
import bigfoot.staticbf.jdk.KeyComparison;
import bigfoot.staticbf.jdk.Side;
import bigfoot.staticbf.jdk.TaskBody;
import java.util.Optional;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The rewriter's reading of the JDK synchronisation model ({@link JdkSyncModel}): the code of each {@link Event}
 * around the calls the model names, and the instrumentation of the task bodies it names. Every event has its code
 * here (the switch is exhaustive), so the model cannot name an event the rewriter does not emit.
 */
final class SyncEvents {

    private SyncEvents() {
    }

    /** Puts the model's events around {@code call}, if it names any for it. */
    static void instrument(MethodContext ctx, MethodInsnNode call, ClassHierarchy hierarchy) {
        JdkSyncModel.eventsAt(call.owner, call.name, call.desc, hierarchy::isSubtypeOf)
                .ifPresent(m -> instrument(m.event(), ctx, call));
    }

    private static void instrument(Event event, MethodContext ctx, MethodInsnNode call) {
        HbEvents.Model model = switch (event) {
            case FORK -> ThreadEvents::start;
            case JOIN -> ThreadEvents::join;
            case IS_ALIVE -> ThreadEvents::isAlive;
            case WAIT -> ThreadEvents::objectWait;
            case BARRIER -> ThreadEvents::barrierAwait;
            case RELEASE -> HbEvents.releaseBefore();
            case ACQUIRE -> HbEvents.acquireAfter();
            case ACQUIRE_IF_TRUE -> HbEvents.acquireIfTrue();
            case RELEASE_ACQUIRE -> HbEvents.releaseBeforeAcquireAfter();
            case ALIAS_RESULT -> HbEvents.aliasResultToReceiver();
            case RELEASE_INTO_ARGUMENT -> HbEvents.aroundArguments(false, 0);
            case AROUND_ARGUMENT -> HbEvents.aroundArguments(true, 0);
            case AROUND_ARGUMENTS -> HbEvents.aroundArguments(true, 0, 1);
            case AROUND_EACH -> HbEvents.aroundEach();
            case JOINED_ALL -> HbEvents.joined(false);
            case JOINED_ANY -> HbEvents.joined(true);
            case STREAM_STAGE -> StreamModels.operation(false);
            case STREAM_TERMINAL -> StreamModels.operation(true);
            case CURRENT_THREAD_ACQUIRE -> HbEvents.currentThread(false);
            case CURRENT_THREAD_ACQUIRE_IF_TRUE -> HbEvents.currentThread(true);
            case PUBLISH_FIRST -> HbEvents.publishArgument(0);
            case PUBLISH_SECOND -> HbEvents.publishArgument(1);
            case RECEIVE_RESULT -> HbEvents.receiveResult();
            case KEYED_PUT -> CollectionModels.keyed(HbEvents.publishKeyAndValue());
            case KEYED_PUBLISH_SECOND -> CollectionModels.keyed(HbEvents.publishArgument(1));
            case KEYED_PUBLISH_THIRD -> CollectionModels.keyed(HbEvents.publishArgument(2));
            case KEYED_RECEIVE -> CollectionModels.keyed(HbEvents.receiveResult());
            case KEYED_LOOKUP, COMPARED_LOOKUP -> CollectionModels.keyed(HbEvents.spillOnly());
            case COMPARED_PUBLISH -> CollectionModels.keyed(HbEvents.publishArgument(0));
            case COMPARED_RECEIVE -> CollectionModels.keyed(HbEvents.receiveResult());
            case MAPPING -> CollectionModels.keyed(CollectionModels.mapping(1));
            case MERGE -> CollectionModels.keyed(CollectionModels.mapping(2, 1));
            case TASK -> ExecutorModels.wrap(false, ExecutorModels.After.NOTHING);
            case TASK_FUTURE -> ExecutorModels.wrap(false, ExecutorModels.After.ALIAS_RESULT);
            case TASKS_ACQUIRE_ALL -> ExecutorModels.wrap(false, ExecutorModels.After.ACQUIRE_ALL);
            case THREAD_TASK -> ExecutorModels.wrap(true, ExecutorModels.After.NOTHING);
            case STAGE_AFTER_ONE -> ExecutorModels.stage(0, false, true);
            case STAGE_AFTER_BOTH -> ExecutorModels.stage(1, true, true);
            case STAGE_AFTER_EITHER -> ExecutorModels.stage(1, false, true);
            case STAGE_COMPOSE -> ExecutorModels.stage(0, false, false);
            case ASSUMED -> (c, i, s) -> { };
        };
        model.instrument(ctx, call, new SpilledCall(ctx, call));
    }

    /** The task body {@code method} of {@code cls} is, if the model names it. */
    static Optional<TaskBody> bodyOf(ClassContext cls, MethodNode method) {
        boolean concrete = (method.access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT)) == 0;
        return JdkSyncModel.bodyOf(cls.name(), method.name, concrete && method.desc.startsWith("()"),
                cls.hierarchy()::isSubtypeOf);
    }

    /**
     * The finalizer edge ({@link FinalizerEdge}): a constructor of a class with a finalizer releases into its object
     * before each return (after the checks placed there), and a {@code finalize()} acquires from it at entry.
     */
    static void instrumentFinalizerEdge(ClassContext cls, MethodContext ctx) {
        MethodNode method = ctx.method;
        Side side = FinalizerEdge.sideOf(method.name, method.desc, (method.access & Opcodes.ACC_STATIC) != 0,
                () -> cls.hierarchy().hasFinalizer(cls.name()));
        if (side == Side.ACQUIRE) {
            ctx.insertAtStart(new Code().aload(0).append(ctx.threadState()).call(RuntimeApi.FINALIZING));
        } else if (side == Side.RELEASE) {
            for (AbstractInsnNode insn : method.instructions.toArray()) {
                if (insn.getOpcode() == Opcodes.RETURN) {
                    ctx.insertBefore(insn, new Code().aload(0).append(ctx.threadState()).call(RuntimeApi.CONSTRUCTED));
                }
            }
        }
    }

    /**
     * A key comparison ({@link KeyComparison}: {@code equals}, {@code compareTo}, a Comparator's {@code compare}, or the
     * method a Comparator lambda runs: {@link ComparatorLambdas}) tells the runtime the two objects it compares at
     * entry, before any check, and its end before each return.
     */
    static void instrumentKeyComparison(ClassContext cls, MethodContext ctx) {
        MethodNode method = ctx.method;
        int[] compared = KeyComparison.comparedSlots(cls.name(), method.name, method.desc,
                (method.access & Opcodes.ACC_STATIC) != 0, cls.hierarchy()::isSubtypeOf);
        if (compared == null && cls.comparatorLambdas().contains(method.name + method.desc)) {
            compared = ComparatorLambdas.comparedSlots(method);
        }
        if (compared == null) {
            return;
        }
        ctx.insertAtStart(new Code().aload(compared[0]).aload(compared[1]).append(ctx.threadState())
                .call(RuntimeApi.KEY_COMPARISON_START));
        for (AbstractInsnNode insn : method.instructions.toArray()) {
            if (insn.getOpcode() >= Opcodes.IRETURN && insn.getOpcode() <= Opcodes.RETURN) {
                ctx.insertBefore(insn, new Code().append(ctx.threadState()).call(RuntimeApi.KEY_COMPARISON_END));
            }
        }
    }

    /**
     * A task body acquires from its task's channel at entry, and (BOTH: a ForkJoin task's compute) releases into it
     * before every return.
     */
    static void instrumentBody(MethodContext ctx, TaskBody body) {
        ctx.insertAtStart(new Code().aload(0).append(ctx.threadState()).call(RuntimeApi.HB_ACQUIRE));
        if (body.side() == Side.BOTH) {
            for (AbstractInsnNode insn : ctx.method.instructions.toArray()) {
                if (insn.getOpcode() >= Opcodes.IRETURN && insn.getOpcode() <= Opcodes.RETURN) {
                    ctx.insertBefore(insn, new Code().aload(0).append(ctx.threadState()).call(RuntimeApi.HB_RELEASE));
                }
            }
        }
    }
}
