package bigfoot.staticbf.rewrite;

import static bigfoot.staticbf.rewrite.HbEvents.publishArgument;
import static bigfoot.staticbf.rewrite.HbEvents.receiveResult;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.rewrite.HbEvents.Model;
import bigfoot.staticbf.rewrite.HbEvents.Owners;
import bigfoot.staticbf.rewrite.HbEvents.Rule;
import java.util.List;
import java.util.Set;
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

    private static final String OBJECT = "Ljava/lang/Object;";
    private static final String TIMED = "JLjava/util/concurrent/TimeUnit;";
    private static final String FUNCTION = "Ljava/util/function/Function;";
    private static final String BI_FUNCTION = "Ljava/util/function/BiFunction;";

    private CollectionModels() {
    }

    static List<CallHandler> handlers() {
        Owners collections = Owners.exactly(Set.of("java/util/Map", "java/util/SortedMap", "java/util/NavigableMap",
                        "java/util/Collection", "java/util/Queue", "java/util/Deque", "java/util/List", "java/util/Set"))
                .or(Owners.inPackage("java/util/concurrent/"))
                .or(Owners.subtypesOf("java/util/concurrent/ConcurrentMap"))
                .or(Owners.subtypesOf("java/util/concurrent/BlockingQueue"));
        Set<String> inserts = Set.of("add", "offer", "put", "addFirst", "addLast", "offerFirst", "offerLast", "push",
                "putFirst", "putLast", "transfer", "tryTransfer");
        Set<String> takes = Set.of("take", "poll", "peek", "element", "remove", "pollFirst", "pollLast", "takeFirst",
                "takeLast", "peekFirst", "peekLast", "getFirst", "getLast", "pop", "removeFirst", "removeLast");
        return List.of(
                new Rule(collections, inserts, d -> d.startsWith("(" + OBJECT + ")")
                        || d.startsWith("(" + OBJECT + TIMED + ")"), publishArgument(0)),
                new Rule(collections, Set.of("add", "set"), d -> d.startsWith("(I" + OBJECT + ")"), publishArgument(1)),
                new Rule(collections, Set.of("put", "putIfAbsent", "replace"),
                        d -> d.equals("(" + OBJECT + OBJECT + ")" + OBJECT), publishArgument(1)),
                new Rule(collections, Set.of("replace"), d -> d.equals("(" + OBJECT + OBJECT + OBJECT + ")Z"),
                        publishArgument(2)),
                new Rule(collections, takes, d -> d.equals("()" + OBJECT) || d.equals("(" + TIMED + ")" + OBJECT),
                        receiveResult()),
                new Rule(collections, Set.of("get", "remove"), d -> d.equals("(" + OBJECT + ")" + OBJECT)
                        || d.equals("(I)" + OBJECT), receiveResult()),
                new Rule(collections, Set.of("getOrDefault"), d -> d.equals("(" + OBJECT + OBJECT + ")" + OBJECT),
                        receiveResult()),
                new Rule(collections, Set.of("computeIfAbsent"), d -> d.equals("(" + OBJECT + FUNCTION + ")" + OBJECT),
                        mapping(1, -1)),
                new Rule(collections, Set.of("computeIfPresent", "compute"),
                        d -> d.equals("(" + OBJECT + BI_FUNCTION + ")" + OBJECT), mapping(1, -1)),
                new Rule(collections, Set.of("merge"), d -> d.equals("(" + OBJECT + OBJECT + BI_FUNCTION + ")" + OBJECT),
                        mapping(2, 1)));
    }

    /**
     * The mapping function (argument {@code fn}) replaced by {@code RT.mapping(fn, map, ts)}, argument
     * {@code published} (if not -1) published into the map before the call, and the result received after it.
     */
    private static Model mapping(int fn, int published) {
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
