package bigfoot.staticbf.wala;

import static bigfoot.staticbf.wala.KillSet.ACQUIRE;
import static bigfoot.staticbf.wala.KillSet.BOTH;
import static bigfoot.staticbf.wala.KillSet.RELEASE;

import bigfoot.staticbf.rewrite.CompletionStages;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.shrike.shrikeCT.InvalidClassFileException;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.TypeReference;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The JDK methods that synchronise, and on which side. JDK bodies are never analysed (RoadRunner's
 * treatment, reference/bigfoot.md 10.7: synchronisation inside libraries is ignored); a call into the
 * JDK counts only if this table names the method, or if the method declares InterruptedException
 * ({@link #detectsInterrupts}). HB sinks count as ACQUIRE, HB sources as RELEASE, operations that are
 * both (wait = release at entry + acquire at return, barriers, read-modify-write atomics) as BOTH. Where a
 * class is listed with a default side, every other method of it counts on that side, which errs towards
 * more checks, never fewer. Reflective calls run unknown code and count as BOTH. Callbacks from the JDK
 * into the application (a comparator, a forEach lambda) are {@link KillSets}' business
 * ({@link JdkCallbacks}), not this table's.
 */
final class LibraryModel {

    /** How a rule's owner is matched. */
    private enum Scope {
        /** The class and everything below it in the hierarchy, as the method that runs or the one the site names. */
        SUBTYPES,
        /** Every class of a package. */
        PACKAGE,
        /** Only call sites that name exactly this type (an interface whose implementations may or may not synchronise). */
        SITE_NAMES
    }

    /** A rule for the methods of one JDK class (and everything below it in the hierarchy) or package. */
    private record Rule(String owner, Scope scope, Map<String, KillSet> byName, KillSet others) {
        static Rule of(String owner, Map<String, KillSet> byName) {
            return new Rule(owner, Scope.SUBTYPES, byName, null);
        }

        static Rule of(String owner, Map<String, KillSet> byName, KillSet others) {
            return new Rule(owner, Scope.SUBTYPES, byName, others);
        }

        /** Calls naming {@code owner} itself: the rewriter's concurrent-collection events are emitted there. */
        static Rule sitesNaming(String owner, Map<String, KillSet> byName) {
            return new Rule(owner, Scope.SITE_NAMES, byName, null);
        }
    }

    /** Inserting into / taking from a collection through its interface: a concurrent one publishes (CollectionModels). */
    private static final Map<String, KillSet> COLLECTION_SIDES = Map.ofEntries(
            Map.entry("add", RELEASE), Map.entry("offer", RELEASE), Map.entry("put", RELEASE),
            Map.entry("addFirst", RELEASE), Map.entry("addLast", RELEASE), Map.entry("offerFirst", RELEASE),
            Map.entry("offerLast", RELEASE), Map.entry("push", RELEASE), Map.entry("set", RELEASE),
            Map.entry("putIfAbsent", RELEASE), Map.entry("replace", RELEASE),
            Map.entry("poll", ACQUIRE), Map.entry("peek", ACQUIRE), Map.entry("element", ACQUIRE),
            Map.entry("remove", ACQUIRE), Map.entry("pollFirst", ACQUIRE), Map.entry("pollLast", ACQUIRE),
            Map.entry("peekFirst", ACQUIRE), Map.entry("peekLast", ACQUIRE), Map.entry("getFirst", ACQUIRE),
            Map.entry("getLast", ACQUIRE), Map.entry("pop", ACQUIRE), Map.entry("removeFirst", ACQUIRE),
            Map.entry("removeLast", ACQUIRE), Map.entry("get", ACQUIRE), Map.entry("getOrDefault", ACQUIRE),
            Map.entry("computeIfAbsent", BOTH), Map.entry("computeIfPresent", BOTH), Map.entry("compute", BOTH),
            Map.entry("merge", BOTH));

    private static final String INTERRUPTED = "Ljava/lang/InterruptedException";

    /** Names that never synchronise, whatever class they are declared in. */
    private static final Set<String> NEVER = Set.of("<init>", "<clinit>", "toString", "hashCode", "equals");

    private static final List<Rule> RULES = List.of(
            Rule.of("java/lang/Thread", Map.of("start", RELEASE, "join", ACQUIRE, "isAlive", ACQUIRE,
                    "interrupt", RELEASE, "isInterrupted", ACQUIRE, "interrupted", ACQUIRE, "startVirtualThread", RELEASE)),
            Rule.of("java/lang/Thread$Builder", Map.of("start", RELEASE)),
            Rule.of("java/util/concurrent/locks/LockSupport", Map.of(
                    "unpark", RELEASE, "park", ACQUIRE, "parkNanos", ACQUIRE, "parkUntil", ACQUIRE)),
            Rule.of("java/lang/Object", Map.of("wait", BOTH)),
            // the program ends in them and the runtime reports: a deferred check must have run before
            Rule.of("java/lang/System", Map.of("exit", BOTH)),
            Rule.of("java/lang/Runtime", Map.of("exit", BOTH, "halt", BOTH)),
            Rule.of("java/util/concurrent/CyclicBarrier", Map.of("await", BOTH)),
            Rule.of("java/util/concurrent/locks/Lock", Map.of(
                    "lock", ACQUIRE, "lockInterruptibly", ACQUIRE, "tryLock", ACQUIRE, "unlock", RELEASE)),
            Rule.of("java/util/concurrent/locks/Condition", Map.of(
                    "await", BOTH, "awaitNanos", BOTH, "awaitUninterruptibly", BOTH, "awaitUntil", BOTH)),
            Rule.of("java/util/concurrent/locks/StampedLock", Map.of(
                    "unlock", RELEASE, "unlockRead", RELEASE, "unlockWrite", RELEASE,
                    "tryUnlockRead", RELEASE, "tryUnlockWrite", RELEASE), BOTH),
            Rule.of("java/util/concurrent/Semaphore", Map.of(
                    "acquire", ACQUIRE, "acquireUninterruptibly", ACQUIRE, "tryAcquire", ACQUIRE, "release", RELEASE)),
            Rule.of("java/util/concurrent/CountDownLatch", Map.of("await", ACQUIRE, "countDown", RELEASE)),
            Rule.of("java/util/concurrent/Phaser", Map.of(
                    "arrive", RELEASE, "arriveAndDeregister", RELEASE, "awaitAdvance", ACQUIRE,
                    "awaitAdvanceInterruptibly", ACQUIRE, "arriveAndAwaitAdvance", BOTH)),
            Rule.of("java/util/concurrent/Exchanger", Map.of("exchange", BOTH)),
            Rule.of("java/util/concurrent/BlockingQueue", Map.of(
                    "put", RELEASE, "offer", RELEASE, "add", RELEASE, "transfer", RELEASE, "tryTransfer", RELEASE,
                    "take", ACQUIRE, "poll", ACQUIRE), BOTH),
            Rule.of("java/util/concurrent/ConcurrentMap", Map.of(
                    "put", RELEASE, "putIfAbsent", RELEASE, "get", ACQUIRE, "getOrDefault", ACQUIRE,
                    "containsKey", ACQUIRE), BOTH),
            Rule.of("java/util/concurrent/Future", Map.of("get", ACQUIRE)),
            Rule.of("java/util/concurrent/CompletableFuture", Map.of(
                    "join", ACQUIRE, "getNow", ACQUIRE, "complete", RELEASE, "completeExceptionally", RELEASE,
                    "runAsync", RELEASE, "supplyAsync", RELEASE)),
            Rule.of("java/util/concurrent/ForkJoinTask", Map.of(
                    "fork", RELEASE, "join", ACQUIRE, "invoke", BOTH, "invokeAll", BOTH)),
            Rule.of("java/util/concurrent/ForkJoinPool", Map.of("invoke", BOTH)),
            Rule.of(CompletionStages.TYPE, CompletionStages.ALL.stream().collect(Collectors.toMap(m -> m, m -> BOTH))),
            Rule.of("java/util/Timer", Map.of("schedule", RELEASE, "scheduleAtFixedRate", RELEASE)),
            Rule.of("java/util/concurrent/ScheduledExecutorService", Map.of(
                    "schedule", RELEASE, "scheduleAtFixedRate", RELEASE, "scheduleWithFixedDelay", RELEASE)),
            Rule.sitesNaming("java/util/Map", COLLECTION_SIDES),
            Rule.sitesNaming("java/util/SortedMap", COLLECTION_SIDES),
            Rule.sitesNaming("java/util/NavigableMap", COLLECTION_SIDES),
            Rule.sitesNaming("java/util/Collection", COLLECTION_SIDES),
            Rule.sitesNaming("java/util/Queue", COLLECTION_SIDES),
            Rule.sitesNaming("java/util/Deque", COLLECTION_SIDES),
            Rule.sitesNaming("java/util/List", COLLECTION_SIDES),
            Rule.sitesNaming("java/util/Set", COLLECTION_SIDES),
            new Rule("java/util/concurrent/", Scope.PACKAGE, COLLECTION_SIDES, null),
            Rule.of("java/util/concurrent/Executor", Map.of("execute", RELEASE)),
            Rule.of("java/util/concurrent/ExecutorService", Map.of(
                    "submit", RELEASE, "invokeAll", BOTH, "invokeAny", BOTH, "awaitTermination", ACQUIRE)),
            new Rule("java/util/concurrent/atomic/", Scope.PACKAGE, Map.of(
                    "get", ACQUIRE, "getAcquire", ACQUIRE, "intValue", ACQUIRE, "longValue", ACQUIRE,
                    "set", RELEASE, "lazySet", RELEASE, "setRelease", RELEASE), BOTH),
            Rule.of("java/lang/invoke/VarHandle", Map.of(), BOTH),
            // reflective calls run code nobody can see: assume the worst (bfj-on-ssa.md, "Calls")
            Rule.of("java/lang/reflect/Method", Map.of("invoke", BOTH)),
            Rule.of("java/lang/reflect/Constructor", Map.of("newInstance", BOTH)),
            // forName runs the named class's static initialiser, whose rewritten end is a release
            Rule.of("java/lang/Class", Map.of("newInstance", BOTH, "forName", BOTH)),
            Rule.of("java/lang/invoke/MethodHandle", Map.of(
                    "invoke", BOTH, "invokeExact", BOTH, "invokeWithArguments", BOTH)));

    private final IClassHierarchy cha;
    private final List<Predicate<IClass>> owners;
    private final IClass forkJoinTask;
    private final IClass timerTask;

    LibraryModel(IClassHierarchy cha) {
        this.cha = cha;
        this.owners = RULES.stream().map(r -> ownerTest(cha, r)).toList();
        this.forkJoinTask = cha.lookupClass(TypeReference.findOrCreate(ClassLoaderReference.Primordial,
                "Ljava/util/concurrent/ForkJoinTask"));
        this.timerTask = cha.lookupClass(TypeReference.findOrCreate(ClassLoaderReference.Primordial,
                "Ljava/util/TimerTask"));
    }

    private static Predicate<IClass> ownerTest(IClassHierarchy cha, Rule rule) {
        if (rule.scope() == Scope.PACKAGE) {
            return c -> c.getName().toString().startsWith("L" + rule.owner());
        }
        if (rule.scope() == Scope.SITE_NAMES) {
            return c -> c.getName().toString().equals("L" + rule.owner());
        }
        IClass owner = cha.lookupClass(TypeReference.findOrCreate(ClassLoaderReference.Primordial, "L" + rule.owner()));
        return owner == null ? c -> false : c -> cha.isAssignableFrom(owner, c);
    }

    /**
     * The side a call into the JDK synchronises on, or empty if the model names neither the method
     * that runs nor the method the call site names (then the call counts as neither). Both are
     * consulted: {@code queue.addAll(c)} on a BlockingQueue runs AbstractQueue.addAll, which no rule
     * names, but the site's BlockingQueue.addAll is.
     *
     * @param target   the JDK method that runs
     * @param declared the class of the method the call site names (may be an application subclass), or null
     */
    Optional<KillSet> sideOf(IMethod target, IClass declared) {
        String name = target.getName().toString();
        if (NEVER.contains(name)) {
            return Optional.empty();
        }
        KillSet side = null;
        for (int i = 0; i < RULES.size(); i++) {
            Rule rule = RULES.get(i);
            KillSet s = rule.byName().getOrDefault(name, rule.others());
            Predicate<IClass> owner = owners.get(i);
            if (s != null && (owner.test(target.getDeclaringClass()) || declared != null && owner.test(declared))) {
                side = side == null ? s : side.union(s);
            }
        }
        return Optional.ofNullable(side);
    }

    /**
     * True if {@code m} is the {@code compute()} of a ForkJoinTask subclass: the rewriter makes it acquire from its
     * task at entry and release into it at every return (ForkJoinModels).
     */
    boolean isForkJoinCompute(IMethod m) {
        return isBodyOf(m, "compute", forkJoinTask);
    }

    /** True if {@code m} is the {@code run()} of a TimerTask subclass: the rewriter makes it acquire at entry (TimerModels). */
    boolean isTimerTaskRun(IMethod m) {
        return isBodyOf(m, "run", timerTask);
    }

    /** True if {@code m} is an instance method {@code name()} of a subclass of {@code task} (null: not in this JDK). */
    private boolean isBodyOf(IMethod m, String name, IClass task) {
        return m.getName().toString().equals(name) && m.getNumberOfParameters() == 1 && !m.isStatic()
                && task != null && cha.isSubclassOf(m.getDeclaringClass(), task);
    }

    /**
     * INTERRUPT DETECTED BY AN EXCEPTION: a call naming a JDK method that declares InterruptedException acquires
     * from the thread's channel when it throws it (the rewriter's InterruptDetection, which decides by the method
     * the call site names, as this does).
     */
    static boolean detectsInterrupts(IMethod named) {
        try {
            TypeReference[] exceptions = named.getDeclaredExceptions();
            return exceptions != null && Arrays.stream(exceptions).anyMatch(e -> e.getName().toString().equals(INTERRUPTED));
        } catch (InvalidClassFileException | UnsupportedOperationException e) {
            return true; // unknown: an acquire errs towards more checks
        }
    }
}
