package bigfoot.staticbf.jdk;

import static bigfoot.staticbf.jdk.Event.ACQUIRE;
import static bigfoot.staticbf.jdk.Event.ACQUIRE_IF_TRUE;
import static bigfoot.staticbf.jdk.Event.RELEASE;
import static bigfoot.staticbf.jdk.Event.RELEASE_ACQUIRE;
import static bigfoot.staticbf.jdk.Owner.exactly;
import static bigfoot.staticbf.jdk.Owner.inPackage;
import static bigfoot.staticbf.jdk.Owner.subtypesOf;
import static bigfoot.staticbf.jdk.SyncMethod.of;
import static bigfoot.staticbf.jdk.SyncMethod.otherMethodsOf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The JDK methods that synchronise, stated once, after the JDK's documented memory-consistency effects: the
 * rewriter puts each entry's {@link Event} around the calls it matches, the static analysis's kill sets give them
 * the event's {@link Side}, and the README's list is rendered from it ({@link ModelList}). JDK bodies are never
 * analysed (synchronisation inside libraries is ignored, as in RoadRunner); a JDK call counts only if an entry
 * names it, or if it declares InterruptedException ({@link #detectsInterrupts}). Entries are tried in order and the
 * rewriter takes the first that matches a call; the analysis takes the union of every entry naming the method.
 */
public final class JdkSyncModel {

    public static final String THREAD = "java/lang/Thread";
    public static final String FORK_JOIN_TASK = "java/util/concurrent/ForkJoinTask";
    public static final String TIMER_TASK = "java/util/TimerTask";
    public static final String INTERRUPTED_EXCEPTION = "java/lang/InterruptedException";

    private static final String OBJECT = "Ljava/lang/Object;";
    private static final String TIMED = "JLjava/util/concurrent/TimeUnit;";
    private static final String RUNNABLE = "Ljava/lang/Runnable;";
    private static final String TASK = "Ljava/util/concurrent/ForkJoinTask;";
    private static final String CF = "Ljava/util/concurrent/CompletableFuture;";
    /** A collection's element in, or out. */
    private static final Signature ELEMENT = Signature.oneOf(Set.of("(" + OBJECT + ")Z", "(" + OBJECT + ")V"), "(element)");
    private static final Signature NOTHING = Signature.oneOf(Set.of("()" + OBJECT), "()");

    /** The application methods the JDK runs as tasks' bodies, instrumented at entry (and exit). */
    public static final List<TaskBody> BODIES = List.of(
            new TaskBody(FORK_JOIN_TASK, "compute", Side.BOTH),
            new TaskBody(TIMER_TASK, "run", Side.ACQUIRE));

    /** Every entry, in the order the rewriter tries them. */
    public static final List<SyncMethod> METHODS = concat(threads(), locks(), synchronizers(), atomics(),
            collections(), executors(), stages(), forkJoin(), streams(), signals(), timers(), assumed());

    /** Per owner, the names its entries list (for the entries about its other methods). */
    private static final Map<Owner, Set<String>> NAMED = named();
    /** The entries naming each method name, in table order; and the entries about owners' other methods. */
    private static final Map<String, List<SyncMethod>> BY_NAME = byName();
    private static final List<SyncMethod> OTHER_METHODS = METHODS.stream().filter(SyncMethod::otherMethods).toList();

    private JdkSyncModel() {
    }

    /**
     * Threads and monitors: {@code start} happens before the thread's first action, its last before {@code join}
     * returns (and before {@code isAlive} returns false); {@code wait} releases and re-acquires the monitor;
     * CyclicBarrier: every party's arrival before any party leaves. Java 21's builders and
     * {@code startVirtualThread} start a thread at once from a task, which the runtime wraps (named exactly: this
     * JDK may not have them).
     */
    private static List<SyncMethod> threads() {
        Owner thread = subtypesOf(THREAD);
        String builder = "java/lang/Thread$Builder";
        Signature startTask = Signature.oneOf(Set.of("(" + RUNNABLE + ")L" + THREAD + ";"), "(Runnable)");
        return List.of(
                of(thread, Set.of("start"), Signature.oneOf(Set.of("()V"), ""), Event.FORK),
                of(thread, Set.of("join"), Signature.oneOf(Set.of("()V", "(J)V", "(JI)V"), ""), Event.JOIN),
                of(thread, Set.of("isAlive"), Signature.oneOf(Set.of("()Z"), ""), Event.IS_ALIVE),
                of(Owner.any(), Set.of("wait"), Signature.oneOf(Set.of("()V", "(J)V", "(JI)V"), ""), Event.WAIT),
                of(subtypesOf("java/util/concurrent/CyclicBarrier"), Set.of("await"),
                        Signature.oneOf(Set.of("()I", "(" + TIMED + ")I"), ""), Event.BARRIER),
                of(exactly(builder), Set.of("start"), startTask, Event.THREAD_TASK),
                of(exactly(builder + "$OfPlatform"), Set.of("start"), startTask, Event.THREAD_TASK),
                of(exactly(builder + "$OfVirtual"), Set.of("start"), startTask, Event.THREAD_TASK),
                of(exactly(THREAD), Set.of("startVirtualThread"), startTask, Event.THREAD_TASK));
    }

    /**
     * java.util.concurrent.locks (the Lock interface's memory synchronization: a successful lock acts as a monitor
     * enter, an unlock as a monitor exit). A ReadWriteLock's read and write locks, and a Lock's Conditions, share its
     * channel, so a writer is ordered after every reader's unlock; awaiting a Condition releases and re-acquires the
     * lock. StampedLock: its write and read locks and unlocks; optimistic reads are racy by design and are reported
     * as races.
     */
    private static List<SyncMethod> locks() {
        Owner lock = subtypesOf("java/util/concurrent/locks/Lock");
        Owner stamped = subtypesOf("java/util/concurrent/locks/StampedLock");
        return concat(lockLike(lock, Set.of("lock", "lockInterruptibly"), "tryLock", "unlock"), List.of(
                of(lock, Set.of("newCondition"), Event.ALIAS_RESULT),
                of(subtypesOf("java/util/concurrent/locks/ReadWriteLock"), Set.of("readLock", "writeLock"),
                        Event.ALIAS_RESULT),
                of(subtypesOf("java/util/concurrent/locks/Condition"),
                        Set.of("await", "awaitNanos", "awaitUninterruptibly", "awaitUntil"), RELEASE_ACQUIRE),
                of(stamped, Set.of("writeLock", "readLock", "writeLockInterruptibly", "readLockInterruptibly",
                        "tryWriteLock", "tryReadLock"), Signature.returning("J", "a stamp"), ACQUIRE),
                of(stamped, Set.of("unlockWrite", "unlockRead", "unlock", "tryUnlockWrite", "tryUnlockRead"), RELEASE),
                of(stamped, Set.of("asReadLock", "asWriteLock", "asReadWriteLock"), Event.ALIAS_RESULT),
                otherMethodsOf(stamped)));
    }

    /** Blocking acquires (void), a try that acquires if it returns true, and a release (void): a lock, a semaphore. */
    private static List<SyncMethod> lockLike(Owner owner, Set<String> acquires, String tryAcquire, String release) {
        return List.of(
                of(owner, acquires, Signature.returning("V", "void"), ACQUIRE),
                of(owner, Set.of(tryAcquire), Signature.returning("Z", "boolean"), ACQUIRE_IF_TRUE),
                of(owner, Set.of(release), Signature.returning("V", "void"), RELEASE));
    }

    /**
     * Semaphore (release happens before a successful acquire), CountDownLatch (countDown happens before await
     * returns), Phaser (arrival happens before the advance is awaited) and Exchanger (each side's exchange happens
     * before the other's returns).
     */
    private static List<SyncMethod> synchronizers() {
        Owner semaphore = subtypesOf("java/util/concurrent/Semaphore");
        Owner latch = subtypesOf("java/util/concurrent/CountDownLatch");
        Owner phaser = subtypesOf("java/util/concurrent/Phaser");
        return concat(lockLike(semaphore, Set.of("acquire", "acquireUninterruptibly"), "tryAcquire", "release"), List.of(
                of(latch, Set.of("countDown"), Signature.returning("V", "void"), RELEASE),
                of(latch, Set.of("await"), Signature.returning("V", "void"), ACQUIRE),
                of(latch, Set.of("await"), Signature.returning("Z", "boolean"), ACQUIRE_IF_TRUE),
                of(phaser, Set.of("arrive", "arriveAndDeregister"), RELEASE),
                of(phaser, Set.of("arriveAndAwaitAdvance"), RELEASE_ACQUIRE),
                of(phaser, Set.of("awaitAdvance", "awaitAdvanceInterruptibly"), ACQUIRE),
                of(subtypesOf("java/util/concurrent/Exchanger"), Set.of("exchange"), RELEASE_ACQUIRE)));
    }

    /**
     * java.util.concurrent.atomic: reads as volatile reads, writes as volatile writes, and every read-modify-write
     * (getAndIncrement, compareAndSet, updateAndGet, LongAdder.add ...) as both, on the atomic object's channel (an
     * atomic array's elements share its channel). VarHandles the same way, on the VarHandle's channel (one per field
     * or array type it gives access to, whatever the object: never a false alarm, but a race between two objects'
     * accesses through one VarHandle is hidden), for their access modes that order memory: volatile, acquire/release
     * and opaque reads and writes, and every read-modify-write; plain {@code get} and {@code set} order nothing (the
     * analysis still assumes both for them).
     */
    private static List<SyncMethod> atomics() {
        Owner atomic = inPackage("java/util/concurrent/atomic/");
        Owner varHandle = exactly("java/lang/invoke/VarHandle");
        return List.of(
                of(atomic, Set.of("get", "getAcquire", "getPlain", "getOpaque", "intValue", "longValue", "doubleValue",
                        "floatValue", "shortValue", "byteValue", "sum", "sumThenReset", "getReference", "getStamp",
                        "isMarked"), ACQUIRE),
                of(atomic, Set.of("set", "lazySet", "setRelease", "setPlain", "setOpaque"), RELEASE),
                of(atomic, Set.of("getAndSet", "getAndIncrement", "getAndDecrement", "getAndAdd", "incrementAndGet",
                        "decrementAndGet", "addAndGet", "compareAndSet", "weakCompareAndSet", "weakCompareAndSetPlain",
                        "weakCompareAndSetVolatile", "weakCompareAndSetAcquire", "weakCompareAndSetRelease",
                        "compareAndExchange", "compareAndExchangeAcquire", "compareAndExchangeRelease", "getAndUpdate",
                        "updateAndGet", "getAndAccumulate", "accumulateAndGet", "add", "increment", "decrement", "reset",
                        "accumulate", "attemptStamp", "attemptMark"), RELEASE_ACQUIRE),
                otherMethodsOf(atomic),
                of(varHandle, Set.of("getVolatile", "getAcquire", "getOpaque"), ACQUIRE),
                of(varHandle, Set.of("setVolatile", "setRelease", "setOpaque"), RELEASE),
                of(varHandle, Set.of("compareAndSet", "compareAndExchange", "compareAndExchangeAcquire",
                        "compareAndExchangeRelease", "weakCompareAndSet", "weakCompareAndSetPlain",
                        "weakCompareAndSetAcquire", "weakCompareAndSetRelease", "getAndSet", "getAndSetAcquire",
                        "getAndSetRelease", "getAndAdd", "getAndAddAcquire", "getAndAddRelease", "getAndBitwiseOr",
                        "getAndBitwiseOrAcquire", "getAndBitwiseOrRelease", "getAndBitwiseAnd", "getAndBitwiseAndAcquire",
                        "getAndBitwiseAndRelease", "getAndBitwiseXor", "getAndBitwiseXorAcquire",
                        "getAndBitwiseXorRelease"), RELEASE_ACQUIRE),
                otherMethodsOf(varHandle));
    }

    /**
     * Concurrent collections (the java.util.concurrent package's memory consistency: inserting an object happens
     * before the access that takes or reads it). Calls through the collection interfaces ({@code Map.put},
     * {@code Queue.poll}) and on java.util.concurrent classes get the events; the runtime keeps them only when the
     * receiver is a concurrent collection, and orders the receiving thread after the inserting one by the element
     * itself. Calls on other concrete classes ({@code HashMap.put}) get none. Iterators and bulk operations are not
     * modelled (the analysis assumes both for a concurrent queue's or map's other methods). A map's
     * {@code computeIfAbsent}, {@code computeIfPresent}, {@code compute} and {@code merge} insert what their function
     * makes: the function is wrapped so that the value it returns is published before the map stores it,
     * {@code merge}'s value is published as {@code put}'s is, and the value returned is received as {@code get}'s
     * is (it may be another thread's).
     */
    private static List<SyncMethod> collections() {
        List<SyncMethod> all = new ArrayList<>();
        Owner concurrent = inPackage("java/util/concurrent/");
        for (String type : List.of("java/util/Collection", "java/util/Set")) {
            all.addAll(collectionEntries(exactly(type), true));
        }
        all.addAll(collectionEntries(exactly("java/util/List"), false));
        all.addAll(listEntries(exactly("java/util/List")));
        all.addAll(collectionEntries(exactly("java/util/Queue"), true));
        all.addAll(queueEntries(exactly("java/util/Queue")));
        all.addAll(collectionEntries(exactly("java/util/Deque"), true));
        all.addAll(queueEntries(exactly("java/util/Deque")));
        all.addAll(dequeEntries(exactly("java/util/Deque")));
        for (String type : List.of("java/util/Map", "java/util/SortedMap", "java/util/NavigableMap")) {
            all.addAll(mapEntries(exactly(type)));
        }
        all.add(sortedSearches(exactly("java/util/SortedMap")));
        all.add(navigableSearches(exactly("java/util/NavigableMap")));
        all.addAll(collectionEntries(concurrent, true));
        all.addAll(listEntries(concurrent));
        all.addAll(queueEntries(concurrent));
        all.addAll(dequeEntries(concurrent));
        all.addAll(blockingEntries(concurrent));
        all.addAll(mapEntries(concurrent));
        Owner concurrentMap = subtypesOf("java/util/concurrent/ConcurrentMap");
        all.addAll(mapEntries(concurrentMap));
        all.add(navigableSearches(subtypesOf("java/util/concurrent/ConcurrentNavigableMap")));
        all.add(otherMethodsOf(concurrentMap));
        Owner blockingQueue = subtypesOf("java/util/concurrent/BlockingQueue");
        all.addAll(collectionEntries(blockingQueue, true));
        all.addAll(queueEntries(blockingQueue));
        all.addAll(dequeEntries(blockingQueue));
        all.addAll(blockingEntries(blockingQueue));
        all.add(otherMethodsOf(blockingQueue));
        return all;
    }

    /**
     * A collection's {@code add}; if it may be a sorted or hashed one ({@code compares}: not a List), the calls that
     * compare its elements with the argument: a concurrent set's {@code add}, {@code contains} and {@code remove}.
     */
    private static List<SyncMethod> collectionEntries(Owner owner, boolean compares) {
        if (!compares) {
            return List.of(of(owner, Set.of("add"), ELEMENT, Event.PUBLISH_FIRST));
        }
        return List.of(of(owner, Set.of("add"), ELEMENT, Event.COMPARED_PUBLISH),
                of(owner, Set.of("contains", "remove"), Signature.oneOf(Set.of("(" + OBJECT + ")Z"), "(element)"),
                        Event.COMPARED_LOOKUP));
    }

    private static List<SyncMethod> listEntries(Owner owner) {
        return List.of(
                of(owner, Set.of("add", "set"), Signature.startingWith("(I" + OBJECT + ")", "(index, element)"),
                        Event.PUBLISH_SECOND),
                of(owner, Set.of("get", "remove"), Signature.oneOf(Set.of("(I)" + OBJECT), "(index)"),
                        Event.RECEIVE_RESULT));
    }

    /** A queue's insertions and removals compare its elements if it is a priority queue. */
    private static List<SyncMethod> queueEntries(Owner owner) {
        return List.of(
                of(owner, Set.of("offer"), ELEMENT, Event.COMPARED_PUBLISH),
                of(owner, Set.of("poll", "peek", "element", "remove"), NOTHING, Event.COMPARED_RECEIVE));
    }

    private static List<SyncMethod> dequeEntries(Owner owner) {
        return List.of(
                of(owner, Set.of("addFirst", "addLast", "offerFirst", "offerLast", "push"), ELEMENT, Event.PUBLISH_FIRST),
                of(owner, Set.of("pollFirst", "pollLast", "peekFirst", "peekLast", "getFirst", "getLast", "pop",
                        "removeFirst", "removeLast"), NOTHING, Event.RECEIVE_RESULT));
    }

    private static List<SyncMethod> blockingEntries(Owner owner) {
        return List.of(
                of(owner, Set.of("put", "putFirst", "putLast", "transfer", "tryTransfer"), ELEMENT,
                        Event.COMPARED_PUBLISH),
                of(owner, Set.of("offer", "offerFirst", "offerLast", "tryTransfer"),
                        Signature.startingWith("(" + OBJECT + TIMED + ")", "(element, timeout)"), Event.COMPARED_PUBLISH),
                of(owner, Set.of("take", "takeFirst", "takeLast"), NOTHING, Event.COMPARED_RECEIVE),
                of(owner, Set.of("poll", "pollFirst", "pollLast"), Signature.oneOf(Set.of("(" + TIMED + ")" + OBJECT),
                        "(timeout)"), Event.COMPARED_RECEIVE));
    }

    /** A sorted map's views bounded by keys: finding their bounds compares keys. */
    private static SyncMethod sortedSearches(Owner owner) {
        return of(owner, Set.of("headMap", "tailMap", "subMap"), Event.KEYED_LOOKUP);
    }

    /** A navigable map's searches by key, and its views bounded by keys. */
    private static SyncMethod navigableSearches(Owner owner) {
        return of(owner, Set.of("ceilingKey", "ceilingEntry", "floorKey", "floorEntry", "higherKey", "higherEntry",
                "lowerKey", "lowerEntry", "headMap", "tailMap", "subMap"), Event.KEYED_LOOKUP);
    }

    private static List<SyncMethod> mapEntries(Owner owner) {
        String function = "Ljava/util/function/Function;";
        String biFunction = "Ljava/util/function/BiFunction;";
        Signature keyValue = Signature.oneOf(Set.of("(" + OBJECT + OBJECT + ")" + OBJECT), "(key, value)");
        return List.of(
                of(owner, Set.of("put", "putIfAbsent"), keyValue, Event.KEYED_PUT),
                of(owner, Set.of("replace"), keyValue, Event.KEYED_PUBLISH_SECOND),
                of(owner, Set.of("replace"), Signature.oneOf(Set.of("(" + OBJECT + OBJECT + OBJECT + ")Z"),
                        "(key, old, new)"), Event.KEYED_PUBLISH_THIRD),
                of(owner, Set.of("get", "remove"), Signature.oneOf(Set.of("(" + OBJECT + ")" + OBJECT), "(key)"),
                        Event.KEYED_RECEIVE),
                of(owner, Set.of("getOrDefault"), Signature.oneOf(Set.of("(" + OBJECT + OBJECT + ")" + OBJECT),
                        "(key, default)"), Event.KEYED_RECEIVE),
                of(owner, Set.of("containsKey"), Signature.oneOf(Set.of("(" + OBJECT + ")Z"), "(key)"), Event.KEYED_LOOKUP),
                of(owner, Set.of("remove"), Signature.oneOf(Set.of("(" + OBJECT + OBJECT + ")Z"), "(key, value)"),
                        Event.KEYED_LOOKUP),
                of(owner, Set.of("computeIfAbsent"), Signature.oneOf(Set.of("(" + OBJECT + function + ")" + OBJECT),
                        "(key, function)"), Event.MAPPING),
                of(owner, Set.of("computeIfPresent", "compute"),
                        Signature.oneOf(Set.of("(" + OBJECT + biFunction + ")" + OBJECT), "(key, function)"), Event.MAPPING),
                of(owner, Set.of("merge"), Signature.oneOf(Set.of("(" + OBJECT + OBJECT + biFunction + ")" + OBJECT),
                        "(key, value, function)"), Event.MERGE));
    }

    /**
     * Executors and futures (the Executor and Future interfaces' memory consistency: submitting a task happens before
     * it runs, and its end happens before {@code Future.get} returns). The task handed over is wrapped by the
     * runtime: the wrapper acquires what the submitter released when it starts and releases when it ends; the
     * returned Future is an alias of the wrapper, and the executor's channel gets every task's end, for
     * {@code awaitTermination}. {@code invokeAll} acquires every task's end. CompletableFuture's {@code complete}
     * happens before {@code join} / {@code get}; the future {@code allOf} returns completes after all of its arguments,
     * the one {@code anyOf} returns after one of them.
     */
    private static List<SyncMethod> executors() {
        Owner service = subtypesOf("java/util/concurrent/ExecutorService");
        Owner completable = subtypesOf("java/util/concurrent/CompletableFuture");
        return List.of(
                of(subtypesOf("java/util/concurrent/Executor"), Set.of("execute"),
                        Signature.oneOf(Set.of("(" + RUNNABLE + ")V"), "(Runnable)"), Event.TASK),
                of(service, Set.of("submit", "schedule", "scheduleAtFixedRate", "scheduleWithFixedDelay"),
                        Signature.startingWith("(" + RUNNABLE, "(Runnable, ...)"), Event.TASK_FUTURE),
                of(service, Set.of("submit", "schedule"),
                        Signature.startingWith("(Ljava/util/concurrent/Callable;", "(Callable, ...)"), Event.TASK_FUTURE),
                of(service, Set.of("invokeAll", "invokeAny"),
                        Signature.startingWith("(Ljava/util/Collection;", "(Collection, ...)"), Event.TASKS_ACQUIRE_ALL),
                of(service, Set.of("awaitTermination"), ACQUIRE_IF_TRUE),
                of(completable, Set.of("runAsync"), Signature.startingWith("(" + RUNNABLE, "(Runnable, ...)"),
                        Event.TASK_FUTURE),
                of(completable, Set.of("supplyAsync"),
                        Signature.startingWith("(Ljava/util/function/Supplier;", "(Supplier, ...)"), Event.TASK_FUTURE),
                of(completable, Set.of("complete", "completeExceptionally"), RELEASE),
                of(completable, Set.of("join", "getNow"), ACQUIRE),
                of(completable, Set.of("allOf"), Signature.oneOf(Set.of("([" + CF + ")" + CF), "(futures)"), Event.JOINED_ALL),
                of(completable, Set.of("anyOf"), Signature.oneOf(Set.of("([" + CF + ")" + CF), "(futures)"), Event.JOINED_ANY),
                of(subtypesOf("java/util/concurrent/Future"), Set.of("get"), ACQUIRE));
    }

    /**
     * The methods of any {@code CompletionStage} that register a dependent stage's function, wrapped by the runtime:
     * it starts after its registration and after the completion of the stages it depends on (not for the
     * {@code *Either} family, which runs after one of two), and the dependent stage is an alias of the wrapper (not
     * for {@code *Compose}, whose stage completes with the one the function returns). The function may run in the
     * caller's thread, inside the call: the analysis counts each as both.
     */
    private static List<SyncMethod> stages() {
        Owner stage = subtypesOf("java/util/concurrent/CompletionStage");
        return List.of(
                of(stage, Set.of("thenApply", "thenAccept", "thenRun", "handle", "whenComplete", "exceptionally",
                        "thenApplyAsync", "thenAcceptAsync", "thenRunAsync", "handleAsync", "whenCompleteAsync",
                        "exceptionallyAsync"), Event.STAGE_AFTER_ONE),
                of(stage, Set.of("thenCombine", "thenAcceptBoth", "runAfterBoth", "thenCombineAsync",
                        "thenAcceptBothAsync", "runAfterBothAsync"), Event.STAGE_AFTER_BOTH),
                of(stage, Set.of("applyToEither", "acceptEither", "runAfterEither", "applyToEitherAsync",
                        "acceptEitherAsync", "runAfterEitherAsync"), Event.STAGE_AFTER_EITHER),
                of(stage, Set.of("thenCompose", "thenComposeAsync", "exceptionallyCompose", "exceptionallyComposeAsync"),
                        Event.STAGE_COMPOSE));
    }

    /**
     * ForkJoin tasks, on the task's channel (ForkJoinTask's memory consistency: forking a task happens before its
     * {@code compute} runs, and its end before {@code join}, {@code invoke} or {@code get} returns). The caller's
     * side here; the task's side is a {@link TaskBody}: its {@code compute()} acquires from its task at entry and
     * releases into it at every return.
     */
    private static List<SyncMethod> forkJoin() {
        Owner task = subtypesOf(FORK_JOIN_TASK);
        Owner pool = subtypesOf("java/util/concurrent/ForkJoinPool");
        return List.of(
                of(task, Set.of("fork"), RELEASE),
                of(task, Set.of("join"), ACQUIRE),
                of(task, Set.of("invoke"), RELEASE_ACQUIRE),
                of(task, Set.of("invokeAll"), Signature.oneOf(Set.of("(" + TASK + TASK + ")V"), "(task, task)"),
                        Event.AROUND_ARGUMENTS),
                of(task, Set.of("invokeAll"), Signature.oneOf(Set.of("([" + TASK + ")V",
                        "(Ljava/util/Collection;)Ljava/util/Collection;"), "(tasks)"), Event.AROUND_EACH),
                of(pool, Set.of("invoke"), Signature.startingWith("(" + TASK, "(ForkJoinTask)"), Event.AROUND_ARGUMENT),
                of(pool, Set.of("submit", "execute"), Signature.startingWith("(" + TASK, "(ForkJoinTask)"),
                        Event.RELEASE_INTO_ARGUMENT));
    }

    /**
     * Streams: a parallel stream's terminal operation forks its work into the common pool and joins it (ForkJoinTask's
     * memory consistency): what the caller did before happens before each call of the pipeline's functions, and each
     * call before the operation returns; the calls themselves stay unordered with each other. The functions given to
     * a parallel stream's operations (and a Collector's) are wrapped by the runtime; those given before the stream
     * became parallel are not.
     */
    private static List<SyncMethod> streams() {
        Owner stream = subtypesOf("java/util/stream/BaseStream");
        return List.of(
                of(stream, Set.of("filter", "map", "mapToObj", "mapToInt", "mapToLong", "mapToDouble", "flatMap",
                        "flatMapToInt", "flatMapToLong", "flatMapToDouble", "mapMulti", "mapMultiToInt",
                        "mapMultiToLong", "mapMultiToDouble", "distinct", "sorted", "peek", "limit", "skip",
                        "takeWhile", "dropWhile", "boxed", "asLongStream", "asDoubleStream", "parallel", "sequential",
                        "unordered", "onClose"), Event.STREAM_STAGE),
                of(stream, Set.of("forEach", "forEachOrdered", "toArray", "reduce", "collect", "toList", "min", "max",
                        "count", "sum", "average", "summaryStatistics", "anyMatch", "allMatch", "noneMatch", "findFirst",
                        "findAny", "iterator", "spliterator"), Event.STREAM_TERMINAL));
    }

    /**
     * Signals to a thread, on the thread's channel: {@code t.interrupt()} happens before the interrupted thread sees
     * it ({@code isInterrupted()} or {@code Thread.interrupted()} returning true, or an InterruptedException:
     * {@link #detectsInterrupts}), and {@code LockSupport.unpark(t)} before {@code t}'s {@code park} returns (JLS
     * 17.4.4 for interrupts; a park may also return spuriously, which then orders nothing it should not: only an
     * unpark ever released into the channel).
     */
    private static List<SyncMethod> signals() {
        Owner thread = subtypesOf(THREAD);
        Owner lockSupport = exactly("java/util/concurrent/locks/LockSupport");
        return List.of(
                of(thread, Set.of("interrupt"), Signature.oneOf(Set.of("()V"), ""), RELEASE),
                of(thread, Set.of("isInterrupted"), Signature.oneOf(Set.of("()Z"), ""), ACQUIRE_IF_TRUE),
                of(thread, Set.of("interrupted"), Signature.oneOf(Set.of("()Z"), ""), Event.CURRENT_THREAD_ACQUIRE_IF_TRUE),
                of(lockSupport, Set.of("unpark"), Signature.oneOf(Set.of("(L" + THREAD + ";)V"), "(Thread)"),
                        Event.RELEASE_INTO_ARGUMENT),
                of(lockSupport, Set.of("park", "parkNanos", "parkUntil"), Event.CURRENT_THREAD_ACQUIRE));
    }

    /**
     * {@code java.util.Timer}, on the task's channel: scheduling a TimerTask happens before its {@code run} (a
     * {@link TaskBody}: the Timer's own thread runs it, with no fork edge). A task run again by a repeating schedule
     * acquires again; nothing orders its end before anything (a Timer has no join).
     */
    private static List<SyncMethod> timers() {
        return List.of(of(subtypesOf("java/util/Timer"), Set.of("schedule", "scheduleAtFixedRate"),
                Signature.startingWith("(L" + TIMER_TASK + ";", "(TimerTask, ...)"), Event.RELEASE_INTO_ARGUMENT));
    }

    /**
     * No event, but the analysis must not move a check across them: the program ends in {@code exit} and the runtime
     * reports (a deferred check must have run before); reflective calls run code nobody can see; {@code forName}
     * runs the named class's static initialiser, whose rewritten end is a release.
     */
    private static List<SyncMethod> assumed() {
        return List.of(
                of(subtypesOf("java/lang/System"), Set.of("exit"), Event.ASSUMED),
                of(subtypesOf("java/lang/Runtime"), Set.of("exit", "halt"), Event.ASSUMED),
                of(subtypesOf("java/lang/reflect/Method"), Set.of("invoke"), Event.ASSUMED),
                of(subtypesOf("java/lang/reflect/Constructor"), Set.of("newInstance"), Event.ASSUMED),
                of(subtypesOf("java/lang/Class"), Set.of("newInstance", "forName"), Event.ASSUMED),
                of(subtypesOf("java/lang/invoke/MethodHandle"), Set.of("invoke", "invokeExact", "invokeWithArguments"),
                        Event.ASSUMED));
    }

    /**
     * The entry whose events the rewriter puts around a call of {@code owner.name desc}, if any: the first that
     * matches it and has events.
     */
    public static Optional<SyncMethod> eventsAt(String owner, String name, String desc, Types types) {
        for (SyncMethod m : BY_NAME.getOrDefault(name, List.of())) {
            if (m.event().rewritten() && m.signature().matches(desc) && m.owner().accepts(owner, types)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /**
     * The side the analysis gives methods called {@code name} of class {@code className}: the union over every entry
     * naming it, whatever its signature; NONE if no entry does.
     */
    public static Side sideOf(String name, String className, Types types) {
        Side side = Side.NONE;
        List<SyncMethod> candidates = new ArrayList<>(BY_NAME.getOrDefault(name, List.of()));
        candidates.addAll(OTHER_METHODS);
        for (SyncMethod m : candidates) {
            if (m.covers(name, NAMED.getOrDefault(m.owner(), Set.of())) && m.owner().accepts(className, types)) {
                side = side.union(m.event().side());
            }
        }
        return side;
    }

    /** The task body {@code owner.method} is, if it is one (see {@link TaskBody#isBody}). */
    public static Optional<TaskBody> bodyOf(String owner, String method, boolean concreteWithoutArguments, Types types) {
        return BODIES.stream().filter(b -> b.isBody(owner, method, concreteWithoutArguments, types)).findFirst();
    }

    /**
     * INTERRUPT DETECTED BY AN EXCEPTION: a call naming a method of java.lang or java.util.* (not a constructor) that
     * declares InterruptedException acquires from the thread's channel when it throws it; whether it declares it is
     * the caller's to find out, in its own class hierarchy.
     */
    public static boolean detectsInterrupts(String owner, String name) {
        return (owner.startsWith("java/lang/") || owner.startsWith("java/util/")) && !name.equals("<init>");
    }

    @SafeVarargs
    private static List<SyncMethod> concat(List<SyncMethod>... families) {
        List<SyncMethod> all = new ArrayList<>();
        for (List<SyncMethod> family : families) {
            all.addAll(family);
        }
        return Collections.unmodifiableList(all);
    }

    private static Map<String, List<SyncMethod>> byName() {
        Map<String, List<SyncMethod>> byName = new HashMap<>();
        for (SyncMethod m : METHODS) {
            for (String name : m.names()) {
                byName.computeIfAbsent(name, n -> new ArrayList<>()).add(m);
            }
        }
        return byName;
    }

    private static Map<Owner, Set<String>> named() {
        Map<Owner, Set<String>> named = new HashMap<>();
        for (SyncMethod m : METHODS) {
            named.computeIfAbsent(m.owner(), o -> new HashSet<>()).addAll(m.names());
        }
        return named;
    }
}
