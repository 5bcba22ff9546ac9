package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.rewrite.HbEvents.Model;
import org.objectweb.asm.Type;

/**
 * The code of a map's MAPPING and MERGE events ({@code computeIfAbsent}, {@code computeIfPresent}, {@code compute},
 * {@code merge}): the function is wrapped ({@code RT.mapping}) so that the value it returns is published before a
 * concurrent map stores it, {@code merge}'s value is published as {@code put}'s is, and the value returned is received
 * as {@code get}'s is (it may be another thread's). Which calls get them: the JDK model
 * ({@code bigfoot.staticbf.jdk.JdkSyncModel}).
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
