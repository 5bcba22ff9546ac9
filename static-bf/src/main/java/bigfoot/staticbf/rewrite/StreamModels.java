package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.rewrite.HbEvents.Model;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The code of a stream operation's events (the runtime's ParallelStreams): each function argument is replaced by
 * {@code RT.streamFunction(fn, stream, Interface.class, combiner, ts)}, a wrapper if the stream is parallel; an
 * intermediate operation's result joins the receiver's pipeline ({@code RT.streamStage}); a terminal operation releases
 * into the pipeline before ({@code RT.streamRelease}) and acquires what its functions' calls released after
 * ({@code RT.streamAcquire}).
 */
final class StreamModels {

    private StreamModels() {
    }

    static Model operation(boolean terminal) {
        return (ctx, call, s) -> {
            Code before = s.spill(i -> isFunction(s.argType(i)) ? new Code().append(s.receiver()).ldc(s.argType(i))
                    .op(isCombiner(call, i) ? Opcodes.ICONST_1 : Opcodes.ICONST_0).append(ctx.threadState())
                    .call(RuntimeApi.STREAM_FUNCTION).checkcast(s.argType(i).getInternalName()) : null);
            if (terminal) {
                before.append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.STREAM_RELEASE);
            }
            ctx.insertBefore(call, before);
            ctx.insertAfter(call, terminal
                    ? new Code().append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.STREAM_ACQUIRE)
                    : new Code().append(s.receiver()).call(RuntimeApi.STREAM_STAGE)
                            .checkcast(Type.getReturnType(call.desc).getInternalName()));
        };
    }

    /** A function a stream runs: of java.util.function, a Comparator, a Runnable ({@code onClose}) or a Collector. */
    private static boolean isFunction(Type type) {
        String name = type.getSort() == Type.OBJECT ? type.getInternalName() : "";
        return name.startsWith("java/util/function/") || name.equals("java/util/Comparator")
                || name.equals("java/lang/Runnable") || name.equals("java/util/stream/Collector");
    }

    /** {@code reduce}'s functions, and the third of {@code collect}(supplier, accumulator, combiner), merge partial results. */
    private static boolean isCombiner(MethodInsnNode call, int arg) {
        return call.name.equals("reduce") || call.name.equals("collect") && arg == 2;
    }
}
