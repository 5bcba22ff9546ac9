package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.rewrite.HbEvents.Model;
import org.objectweb.asm.Type;

/**
 * Concurrent collections (the java.util.concurrent package's memory consistency: inserting an object happens
 * before the access that takes or reads it). Calls through the collection interfaces ({@code Map.put},
 * {@code Queue.poll}) and on java.util.concurrent classes get the events; the runtime keeps them only when the
 * receiver is a concurrent collection, and orders the receiving thread after the inserting one by the element
 * itself. Calls on other concrete classes ({@code HashMap.put}) get none. Iterators and bulk operations are not
 * modelled. A map's {@code computeIfAbsent}, {@code computeIfPresent}, {@code compute} and {@code merge} insert
 * what their function makes: the function is wrapped ({@code RT.mapping}) so that the value it returns is published
 * before the map stores it, {@code merge}'s value is published as {@code put}'s is, and the value returned is
 * received as {@code get}'s is (it may be another thread's).
 */
final class CollectionModels {

    private CollectionModels() {
    }

    /**
     * The mapping function (argument {@code fn}) replaced by {@code RT.mapping(fn, map, ts)}, argument
     * {@code published} (if not -1) published into the map before the call, and the result received after it.
     */
    static Model mapping(int fn, int published) {
        return (ctx, call, s) -> {
            Code before = s.spill(fn, new Code().append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.MAPPING)
                    .checkcast(s.argType(fn).getInternalName()));
            if (published >= 0) {
                before.append(s.arg(published)).append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.HB_PUBLISH);
            }
            ctx.insertBefore(call, before);
            ctx.insertAfter(call, new Code().append(s.receiver()).append(ctx.threadState()).call(RuntimeApi.HB_RECEIVE)
                    .checkcast(Type.getReturnType(call.desc).getInternalName()));
        };
    }
}
