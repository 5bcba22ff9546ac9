package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.ir.RuntimeApi.Entry;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The synchronising library calls the rewriter knows: Thread.start / join / isAlive, Object.wait and
 * CyclicBarrier.await here, and java.util.concurrent by family: locks, synchronizers, atomics, concurrent collections,
 * executors and futures ({@link LockModels}, {@link SynchronizerModels}, {@link AtomicModels},
 * {@link CollectionModels}, {@link ExecutorModels}, {@link ThreadSignalModels}, {@link ForkJoinModels}). Calls through
 * a subclass (and super.start()) count: owners are resolved through the class hierarchy.
 */
public final class CallHandlers {

    private static final String THREAD = "java/lang/Thread";
    private static final String BARRIER = "java/util/concurrent/CyclicBarrier";

    private final List<CallHandler> handlers;

    private CallHandlers(List<CallHandler> handlers) {
        this.handlers = List.copyOf(handlers);
    }

    public static CallHandlers standard() {
        List<CallHandler> all = new ArrayList<>(List.of(
                new Matcher(THREAD, "start", Set.of("()V"), CallHandlers::threadStart),
                new Matcher(THREAD, "join", Set.of("()V", "(J)V", "(JI)V"), CallHandlers::threadJoin),
                new Matcher(THREAD, "isAlive", Set.of("()Z"), CallHandlers::threadIsAlive),
                new Matcher(null, "wait", Set.of("()V", "(J)V", "(JI)V"), CallHandlers::objectWait),
                new Matcher(BARRIER, "await", Set.of("()I", "(JLjava/util/concurrent/TimeUnit;)I"),
                        CallHandlers::barrierAwait)));
        all.addAll(LockModels.handlers());
        all.addAll(SynchronizerModels.handlers());
        all.addAll(AtomicModels.handlers());
        all.addAll(CollectionModels.handlers());
        all.addAll(ExecutorModels.handlers());
        all.addAll(ThreadSignalModels.handlers());
        all.addAll(ForkJoinModels.handlers());
        all.addAll(TimerModels.handlers());
        return new CallHandlers(all);
    }

    /** The handler for {@code call}, or null if it is not a synchronising call. */
    CallHandler find(MethodInsnNode call, ClassHierarchy hierarchy) {
        for (CallHandler h : handlers) {
            if (h.matches(call, hierarchy)) {
                return h;
            }
        }
        return null;
    }

    /** FORK before {@code start()}: {@code dup; aload ts; fork}. */
    private static void threadStart(MethodContext ctx, MethodInsnNode call) {
        ctx.insertBefore(call, new Code().op(Opcodes.DUP).append(ctx.threadState()).call(RuntimeApi.FORK));
    }

    /** JOIN after {@code join(..)} returns normally (the runtime joins only a terminated thread). */
    private static void threadJoin(MethodContext ctx, MethodInsnNode call) {
        ctx.insertBefore(call, keepReceiver(ctx, call));
        ctx.insertAfter(call, event(ctx, RuntimeApi.JOIN));
    }

    /** IS_ALIVE after {@code isAlive()}, which hands the result back unchanged. */
    private static void threadIsAlive(MethodContext ctx, MethodInsnNode call) {
        ctx.insertBefore(call, keepReceiver(ctx, call));
        ctx.insertAfter(call, event(ctx, RuntimeApi.IS_ALIVE));
    }

    /**
     * WAIT_BEFORE (a release) before {@code wait(..)}, WAIT_AFTER (an acquire) after it returns or throws:
     * the call gets its own catch-all, FIRST in the exception table, that runs WAIT_AFTER and rethrows.
     */
    private static void objectWait(MethodContext ctx, MethodInsnNode call) {
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        LabelNode done = new LabelNode();
        ctx.insertBefore(call, keepReceiver(ctx, call).append(event(ctx, RuntimeApi.WAIT_BEFORE)).label(start));
        ctx.insertAfter(call, new Code().label(end).append(event(ctx, RuntimeApi.WAIT_AFTER))
                .jump(Opcodes.GOTO, done)
                .label(handler).append(event(ctx, RuntimeApi.WAIT_AFTER)).op(Opcodes.ATHROW)
                .label(done));
        ctx.method.tryCatchBlocks.add(0, new TryCatchBlockNode(start, end, handler, null));
    }

    /** BARRIER_BEFORE before {@code await(..)}, BARRIER_AFTER after it returns normally. */
    private static void barrierAwait(MethodContext ctx, MethodInsnNode call) {
        ctx.insertBefore(call, keepReceiver(ctx, call).append(event(ctx, RuntimeApi.BARRIER_BEFORE)));
        ctx.insertAfter(call, event(ctx, RuntimeApi.BARRIER_AFTER));
    }

    /** Before a call: keeps its receiver (in scratch 0) and its arguments; the stack stays as it was. */
    private static Code keepReceiver(MethodContext ctx, MethodInsnNode call) {
        return new SpilledCall(ctx, call).spill();
    }

    /** {@code aload receiver; aload ts; invokestatic entry}, the receiver kept by {@link #keepReceiver}. */
    private static Code event(MethodContext ctx, Entry entry) {
        return new Code().aload(ctx.scratch(0)).append(ctx.threadState()).call(entry);
    }

    /** Matches by name and descriptor, and by owner: a subclass of {@code ownerType}, or any owner if null. */
    private record Matcher(String ownerType, String name, Set<String> descriptors, Instrumenter instrumenter)
            implements CallHandler {

        @Override
        public boolean matches(MethodInsnNode call, ClassHierarchy hierarchy) {
            if (call.getOpcode() == Opcodes.INVOKESTATIC || !call.name.equals(name)
                    || !descriptors.contains(call.desc)) {
                return false;
            }
            return ownerType == null || call.owner.equals(ownerType) || hierarchy.isSubclassOf(call.owner, ownerType);
        }

        @Override
        public void instrument(MethodContext ctx, MethodInsnNode call) {
            instrumenter.instrument(ctx, call);
        }
    }

    @FunctionalInterface
    private interface Instrumenter {
        void instrument(MethodContext ctx, MethodInsnNode call);
    }
}
