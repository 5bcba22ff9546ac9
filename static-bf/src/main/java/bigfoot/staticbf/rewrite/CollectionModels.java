package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.rewrite.HbEvents.Model;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The code of a map's events. MAPPING and MERGE ({@code computeIfAbsent}, {@code computeIfPresent}, {@code compute},
 * {@code merge}): the function is wrapped ({@code RT.mapping}) so that the value it returns is published before a
 * concurrent map stores it, the key and {@code merge}'s value are published as {@code put}'s are, and the value
 * returned is received as {@code get}'s is (it may be another thread's). Every call that may compare keys or
 * elements is bracketed for the comparisons it calls back ({@link #keyed}). Which calls get them: the JDK model
 * ({@code bigfoot.staticbf.jdk.JdkSyncModel}).
 */
final class CollectionModels {

    private CollectionModels() {
    }

    /**
     * The mapping function (argument {@code fn}) replaced by {@code RT.mapping(fn, map, ts)}, the key (argument 0)
     * and arguments {@code published} (merge's value) published into the map before the call, and the result received
     * after it.
     */
    static Model mapping(int fn, int... published) {
        return (ctx, call, s) -> {
            Code before = s.spill(fn, new Code().append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.MAPPING)
                    .checkcast(s.argType(fn).getInternalName()));
            before.append(HbEvents.publishKey(ctx, s));
            for (int i : published) {
                before.append(HbEvents.publish(ctx, s, i));
            }
            ctx.insertBefore(call, before);
            ctx.insertAfter(call, new Code().append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.HB_RECEIVE)
                    .checkcast(Type.getReturnType(call.desc).getInternalName()));
        };
    }

    /**
     * {@code inner}'s events, and the call bracketed by {@code RT.keyedCallStart} and {@code RT.keyedCallEnd}, the
     * end both when it returns and when it throws: the comparisons a concurrent collection calls back inside it
     * acquire from the keys or elements they compare ({@code bigfoot.staticbf.jdk.KeyComparison}).
     */
    static Model keyed(Model inner) {
        return (ctx, call, s) -> {
            inner.instrument(ctx, call, s);
            LabelNode start = new LabelNode();
            LabelNode end = new LabelNode();
            LabelNode handler = new LabelNode();
            LabelNode done = new LabelNode();
            ctx.insertBefore(call, HbEvents.event(ctx, s, RuntimeApi.KEYED_CALL_START).label(start));
            ctx.insertAfter(call, new Code().label(end).append(HbEvents.event(ctx, s, RuntimeApi.KEYED_CALL_END))
                    .jump(Opcodes.GOTO, done)
                    .label(handler).append(HbEvents.event(ctx, s, RuntimeApi.KEYED_CALL_END)).op(Opcodes.ATHROW)
                    .label(done));
            ctx.method.tryCatchBlocks.add(0, new TryCatchBlockNode(start, end, handler, null));
        };
    }
}
