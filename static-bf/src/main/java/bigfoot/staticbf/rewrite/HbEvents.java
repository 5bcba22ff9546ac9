package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.ir.RuntimeApi.Entry;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import java.util.Set;
import java.util.function.Predicate;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The events a java.util.concurrent model puts around a library call, on the runtime's happens-before channels
 * (volatile-like, keyed by objects: {@code RT.hbRelease / hbAcquire / hbAlias / hbPublish / hbReceive}), and the
 * rule that says which calls get them. A release goes before the call, an acquire after it returns normally.
 * The static analysis must agree: every call given a release or an acquire here is named on the same side (or
 * both) by the library model of the kill sets ({@code bigfoot.staticbf.wala.LibraryModel}), so that no check is
 * deferred across an event.
 */
final class HbEvents {

    private HbEvents() {
    }

    /** What is inserted around a matched call. */
    @FunctionalInterface
    interface Model {
        void instrument(MethodContext ctx, MethodInsnNode call, SpilledCall spilled);
    }

    /** Which call owners a rule is about. */
    @FunctionalInterface
    interface Owners {
        boolean test(String owner, ClassHierarchy hierarchy);

        /** {@code type} and its subtypes (classes and interfaces). */
        static Owners subtypesOf(String type) {
            return (owner, h) -> owner.equals(type) || h.isSubtypeOf(owner, type);
        }

        /** Exactly these types. */
        static Owners exactly(Set<String> types) {
            return (owner, h) -> types.contains(owner);
        }

        /** Classes of a package ({@code java/util/concurrent/atomic/}). */
        static Owners inPackage(String prefix) {
            return (owner, h) -> owner.startsWith(prefix) && owner.indexOf('/', prefix.length()) < 0;
        }

        default Owners or(Owners other) {
            return (owner, h) -> test(owner, h) || other.test(owner, h);
        }
    }

    /** Calls of {@code names} on receivers (or static owners) that {@code owners} accepts, with a matching descriptor. */
    record Rule(Owners owners, Set<String> names, Predicate<String> descriptor, Model model) implements CallHandler {

        @Override
        public boolean matches(MethodInsnNode call, ClassHierarchy hierarchy) {
            return names.contains(call.name) && descriptor.test(call.desc) && owners.test(call.owner, hierarchy);
        }

        @Override
        public void instrument(MethodContext ctx, MethodInsnNode call) {
            model.instrument(ctx, call, new SpilledCall(ctx, call));
        }
    }

    static Predicate<String> anyDescriptor() {
        return d -> true;
    }

    /** Descriptors returning {@code returnType} ("Z", "V", ...). */
    static Predicate<String> returning(String returnType) {
        return d -> d.endsWith(")" + returnType);
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
        return (ctx, call, s) -> ctx.insertBefore(call, s.spill().append(s.arg(i)).append(s.receiver())
                .append(ctx.threadState()).call(RuntimeApi.HB_PUBLISH));
    }

    /** The returned element was taken or read from the receiver: an acquire from its channel (if concurrent). */
    static Model receiveResult() {
        return (ctx, call, s) -> {
            ctx.insertBefore(call, s.spill());
            ctx.insertAfter(call, new Code().append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.HB_RECEIVE)
                    .checkcast(Type.getReturnType(call.desc).getInternalName()));
        };
    }

    /**
     * True if {@code method} is a task's body the rewriter instruments: a concrete instance method {@code name()} of a
     * subclass of {@code task} (a ForkJoinTask's {@code compute}, a TimerTask's {@code run}).
     */
    static boolean isBodyOf(ClassContext cls, MethodNode method, String task, String name) {
        return method.name.equals(name) && method.desc.startsWith("()")
                && (method.access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT)) == 0
                && cls.hierarchy().isSubclassOf(cls.name(), task);
    }

    /** {@code <receiver>; aload ts; invokestatic entry}. */
    static Code event(MethodContext ctx, SpilledCall s, Entry entry) {
        return new Code().append(s.receiver()).append(ctx.threadState()).call(entry);
    }
}
