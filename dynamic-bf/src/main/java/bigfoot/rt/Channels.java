package bigfoot.rt;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Future;

/**
 * Happens-before channels of java.util.concurrent objects (the JDK's documented memory-consistency effects; the
 * rewriter decides which calls release into or acquire from which object). One volatile-like state per key
 * object, in a weak identity map: a release joins the thread's clock into it (VOLATILE WRITE), an acquire joins it
 * into the thread's (VOLATILE READ), so later acquirers see every earlier releaser (all permits of a semaphore,
 * every countDown of a latch), not only the last one, as a lock's release would.
 *
 * <p>An ALIAS makes one object use another's channel: a read or write lock its ReadWriteLock's (so the writer sees
 * every reader's unlock), a Condition its Lock's, a Future its task's. Collections publish by ELEMENT: inserting x
 * into a concurrent collection releases into x's channel, and the take or read that returns x acquires from it,
 * so only the thread that receives an object is ordered after the one that inserted it.
 *
 * <p>A JOINED channel is the one of a future that completes after others ({@code CompletableFuture.allOf}: after all
 * of them; {@code anyOf}: after one): an acquire from it acquires from every member too (for anyOf, from every member
 * done by then, which may order more than the one that completed it).
 */
final class Channels {

    private final WeakIdentityMap<VarState> channels = new WeakIdentityMap<>();
    private final WeakIdentityMap<Object> aliases = new WeakIdentityMap<>();
    private final WeakIdentityMap<Object> companions = new WeakIdentityMap<>();

    /**
     * The channel of {@code key} (its alias's target's, if it has one). A {@link HandOff} holds its own (one per task,
     * made with it, so a thread per task adds no entry to the map) and is never an alias: it is made here, and
     * aliases are objects that library calls return.
     */
    VarState of(Object key) {
        Object target = holder(key);
        return target instanceof HandOff h ? h.channel : channels.entry(target, k -> new VarState()).value;
    }

    /** The channel of {@code key} if it has one (it released into it, or something acquired from it), else null. */
    VarState existing(Object key) {
        Object target = holder(key);
        if (target instanceof HandOff h) {
            return h.channel;
        }
        WeakIdentityMap.Entry<VarState> channel = channels.find(target);
        return channel == null ? null : channel.value;
    }

    /** What holds {@code key}'s channel: a HandOff itself (no alias lookup), else its alias's target or itself. */
    private Object holder(Object key) {
        return key instanceof HandOff ? key : root(key);
    }

    /** From now on {@code alias} uses {@code key}'s channel (the first alias an object gets is kept). */
    void alias(Object alias, Object key) {
        Object root = root(key);       // one level: aliases never chain
        aliases.entry(alias, a -> root);
    }

    /** The object whose channel {@code key} uses: its alias's target, or itself. */
    private Object root(Object key) {
        WeakIdentityMap.Entry<Object> alias = aliases.find(key);
        return alias == null ? key : alias.value;
    }

    /**
     * A second channel's key for {@code key} (for its alias root: one per root): a parallel stream pipeline's JOIN
     * channel ({@link ParallelStreams}).
     */
    Object companion(Object key) {
        return companions.entry(root(key), k -> new Object()).value;
    }

    /** From now on an acquire from {@code result} also acquires from {@code members} (all, or the ones done if {@code any}). */
    void join(Object result, Object[] members, boolean any) {
        channels.entry(result, k -> new Joined(members.clone(), any));
    }

    /** The channel of an allOf / anyOf future, with the futures it completes after. */
    static final class Joined extends VarState {
        private final Object[] members;
        private final boolean any;

        Joined(Object[] members, boolean any) {
            this.members = members;
            this.any = any;
        }

        /** The members an acquire from this channel acquires from now. */
        List<Object> members() {
            return any ? Arrays.stream(members).filter(m -> m instanceof Future<?> f && f.isDone()).toList()
                    : Arrays.asList(members);
        }
    }

    /** The elements of a Collection or an Object[] (none for anything else, or null). */
    static Iterable<?> elements(Object keys) {
        return keys instanceof Collection<?> c ? c : keys instanceof Object[] a ? Arrays.asList(a) : List.of();
    }

    private static final ClassValue<Boolean> CONCURRENT = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            return BlockingQueue.class.isAssignableFrom(c) || ConcurrentMap.class.isAssignableFrom(c)
                    || inJavaUtilConcurrent(c);
        }
    };

    private static boolean inJavaUtilConcurrent(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if ("java.util.concurrent".equals(k.getPackageName())) {
                return true;
            }
        }
        return false;
    }

    /** True if {@code container} is a thread-safe collection of java.util.concurrent, which publishes what it holds. */
    static boolean concurrent(Object container) {
        return container != null && CONCURRENT.get(container.getClass());
    }
}
