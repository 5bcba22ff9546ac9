package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.ir.RuntimeApi.Entry;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The code of the JDK model's events on the runtime's happens-before channels (volatile-like, keyed by objects:
 * {@code RT.hbRelease / hbAcquire / hbAlias / hbPublish / hbReceive}): a release goes before the call, an acquire
 * after it returns normally. Which calls get which: {@link SyncEvents}.
 */
final class HbEvents {

    private HbEvents() {
    }

    /** What is inserted around a matched call. */
    @FunctionalInterface
    interface Model {
        void instrument(MethodContext ctx, MethodInsnNode call, SpilledCall spilled);
    }

    /** A release into the receiver's channel before the call (unlock, countDown, set). */
    static Model releaseBefore() {
        return (ctx, call, s) -> ctx.insertBefore(call, s.spill().append(event(ctx, s, RuntimeApi.HB_RELEASE)));
    }

    /** An acquire from the receiver's channel after the call returns (lock, await, get). */
    static Model acquireAfter() {
        return (ctx, call, s) -> {
            ctx.insertBefore(call, s.spill());
            ctx.insertAfter(call, event(ctx, s, RuntimeApi.HB_ACQUIRE));
        };
    }

    /**
     * A release into each of the argument objects' channels before the call ({@code unpark(t)}, {@code fork} through a
     * pool), and, if {@code thenAcquire}, an acquire from each after it returns ({@code ForkJoinPool.invoke(task)}).
     */
    static Model aroundArguments(boolean thenAcquire, int... args) {
        return (ctx, call, s) -> {
            Code before = s.spill();
            Code after = new Code();
            for (int a : args) {
                before.append(s.arg(a)).append(ctx.threadState()).call(RuntimeApi.HB_RELEASE);
                after.append(s.arg(a)).append(ctx.threadState()).call(RuntimeApi.HB_ACQUIRE);
            }
            ctx.insertBefore(call, before);
            if (thenAcquire) {
                ctx.insertAfter(call, after);
            }
        };
    }

    /** A release into each element of argument 0 (an array or a collection of tasks) before the call, an acquire from each after. */
    static Model aroundEach() {
        return (ctx, call, s) -> {
            ctx.insertBefore(call, s.spill().append(s.arg(0)).append(ctx.threadState()).call(RuntimeApi.HB_RELEASE_ALL));
            ctx.insertAfter(call, new Code().append(s.arg(0)).append(ctx.threadState()).call(RuntimeApi.HB_ACQUIRE_ALL));
        };
    }

    /** The returned future completes after the futures of argument 0 (all of them, or {@code any} one). */
    static Model joined(boolean any) {
        return (ctx, call, s) -> {
            ctx.insertBefore(call, s.spill());
            ctx.insertAfter(call, new Code().append(s.arg(0)).op(any ? Opcodes.ICONST_1 : Opcodes.ICONST_0)
                    .call(RuntimeApi.JOINED).checkcast(Type.getReturnType(call.desc).getInternalName()));
        };
    }

    /** Both: a read-modify-write, an exchange, a barrier-like wait. */
    static Model releaseBeforeAcquireAfter() {
        return (ctx, call, s) -> {
            ctx.insertBefore(call, s.spill().append(event(ctx, s, RuntimeApi.HB_RELEASE)));
            ctx.insertAfter(call, event(ctx, s, RuntimeApi.HB_ACQUIRE));
        };
    }

    /** After a call returning boolean (tryLock, tryAcquire, a timed await): an acquire only if it returned true. */
    static Model acquireIfTrue() {
        return (ctx, call, s) -> {
            ctx.insertBefore(call, s.spill());
            ctx.insertAfter(call, new Code().append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.HB_ACQUIRE_IF));
        };
    }

    /** The returned object uses the receiver's channel (readLock(), newCondition()). */
    static Model aliasResultToReceiver() {
        return (ctx, call, s) -> {
            ctx.insertBefore(call, s.spill());
            ctx.insertAfter(call, new Code().append(s.receiver()).call(RuntimeApi.HB_ALIAS)
                    .checkcast(Type.getReturnType(call.desc).getInternalName()));
        };
    }

    /** Inserting argument {@code i} into the receiver: a release into the element's channel (if concurrent). */
    static Model publishArgument(int i) {
        return (ctx, call, s) -> ctx.insertBefore(call, s.spill().append(publish(ctx, s, i)));
    }

    /** {@code <argument i>; <receiver>; aload ts; invokestatic hbPublish}. */
    static Code publish(MethodContext ctx, SpilledCall s, int i) {
        return new Code().append(s.arg(i)).append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.HB_PUBLISH);
    }

    /** Inserting the key (argument 0) and the value (argument 1) into a map: hbPublishKey, then hbPublish. */
    static Model publishKeyAndValue() {
        return (ctx, call, s) -> ctx.insertBefore(call, s.spill().append(publishKey(ctx, s)).append(publish(ctx, s, 1)));
    }

    /** {@code <argument 0>; <receiver>; aload ts; invokestatic hbPublishKey}. */
    static Code publishKey(MethodContext ctx, SpilledCall s) {
        return new Code().append(s.arg(0)).append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.HB_PUBLISH_KEY);
    }

    /** No event of its own: the arguments spilled for a bracket around the call ({@link CollectionModels#keyed}). */
    static Model spillOnly() {
        return (ctx, call, s) -> ctx.insertBefore(call, s.spill());
    }

    /** The returned element was taken or read from the receiver: an acquire from its channel (if concurrent). */
    static Model receiveResult() {
        return (ctx, call, s) -> {
            ctx.insertBefore(call, s.spill());
            ctx.insertAfter(call, new Code().append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.HB_RECEIVE)
                    .checkcast(Type.getReturnType(call.desc).getInternalName()));
        };
    }

    /** A static call about the calling thread: an acquire from its channel after it returns (if true, for a boolean). */
    static Model currentThread(boolean ifTrue) {
        return (ctx, call, s) -> {
            Code current = new Code().invoke(Opcodes.INVOKESTATIC, "java/lang/Thread", "currentThread",
                    "()Ljava/lang/Thread;", false).append(ctx.threadState());
            ctx.insertAfter(call, ifTrue ? current.call(RuntimeApi.HB_ACQUIRE_IF) : current.call(RuntimeApi.HB_ACQUIRE));
        };
    }

    /** {@code <receiver>; aload ts; invokestatic entry}. */
    static Code event(MethodContext ctx, SpilledCall s, Entry entry) {
        return new Code().append(s.receiver()).append(ctx.threadState()).call(entry);
    }
}
