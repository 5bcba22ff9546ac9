package bigfoot.ir;

/**
 * The call surface between rewritten code and the runtime: the owner, names and descriptors of the
 * static entry points of {@code bigfoot.rt.RT}, and the names of the members the rewriter adds to
 * application classes. The rewriter emits exactly these; the runtime implements exactly these (a test
 * in dynamic-bf checks every descriptor against the runtime by reflection).
 *
 * <p>Conventions: {@code ts} is the current thread's state, fetched with {@link #THREAD} at a method
 * invocation's first check or event (a local, null at entry) and reused by the invocation's later ones;
 * {@code site} is {@code __bf$sb + localSiteId}, the class's site base plus the site's index in the
 * class's {@link SiteTable}. Check entry points never throw into the program: a null array or an
 * index out of bounds is ignored (the original instruction then throws as it would have).
 */
public final class RuntimeApi {

    private RuntimeApi() {
    }

    public static final String RT = "bigfoot/rt/RT";
    public static final String THREAD_STATE = "bigfoot/rt/ThreadState";
    /**
     * {@code long epoch()}, an instance method of {@link #THREAD_STATE}: the thread's current epoch, which changes only
     * at its releases. Capsule checks compare it with the epoch of the activation's last check of the location.
     */
    public static final String THREAD_EPOCH = "epoch";
    /**
     * {@code void handOff(Object, FieldShadow, long, boolean)} and {@code boolean handedOff(Object, FieldShadow,
     * boolean)}, instance methods of {@link #THREAD_STATE}: an activation hands its check of a capsule location to the
     * activations it calls on {@code this}; one asks, at its first capsule check of a stretch, whether it was handed
     * one from the same epoch.
     */
    public static final String HAND_OFF = "handOff";
    public static final String HAND_OFF_DESC = "(Ljava/lang/Object;Lbigfoot/rt/FieldShadow;JZ)V";
    public static final String HANDED_OFF = "handedOff";
    public static final String HANDED_OFF_DESC = "(Ljava/lang/Object;Lbigfoot/rt/FieldShadow;Z)Z";
    /**
     * {@code void programCall(Object receiver)} and {@code boolean takeProgramCall(Object self)}, instance methods of
     * {@link #THREAD_STATE} ({@code --elide dynamic-escape}): the program calls, on receiver, code rewritten with the
     * option that the JDK may also call (a JDK type's abstract method, another jar's method, its own override of a JDK
     * method); that method asks at entry whether this caller was the program's, and then returns its result without
     * escaping it.
     */
    public static final String PROGRAM_CALL = "programCall";
    public static final String PROGRAM_CALL_DESC = "(Ljava/lang/Object;)V";
    public static final String TAKE_PROGRAM_CALL = "takeProgramCall";
    public static final String TAKE_PROGRAM_CALL_DESC = "(Ljava/lang/Object;)Z";
    public static final String VAR_STATE = "bigfoot/rt/VarState";
    public static final String FIELD_SHADOW = "bigfoot/rt/FieldShadow";
    public static final String UPDATER = "java/util/concurrent/atomic/AtomicReferenceFieldUpdater";
    public static final String LONG_UPDATER = "java/util/concurrent/atomic/AtomicLongFieldUpdater";

    private static final String TS = "L" + THREAD_STATE + ";";
    private static final String VS = "L" + VAR_STATE + ";";
    private static final String FS = "L" + FIELD_SHADOW + ";";
    private static final String UP = "L" + UPDATER + ";";
    private static final String LUP = "L" + LONG_UPDATER + ";";
    private static final String OBJ = "Ljava/lang/Object;";

    /** An entry point: name and descriptor of a static method of {@link #RT}. */
    public record Entry(String name, String descriptor) {
    }

    // ---- set-up, emitted at method entry and at the top / end of <clinit> ----
    /** {@code ThreadState thread()}: the current thread's state; stored in a fresh local at the invocation's first use. */
    public static final Entry THREAD = new Entry("thread", "()" + TS);
    /** {@code int registerSites(String table)}: first thing in {@code <clinit>}; result stored in {@link #SITE_BASE_FIELD}. */
    public static final Entry REGISTER_SITES = new Entry("registerSites", "(Ljava/lang/String;)I");
    /** {@code VarState staticShadow(Class owner)}: the shadow of one static field, made in {@code <clinit>}. */
    public static final Entry STATIC_SHADOW = new Entry("staticShadow", "(Ljava/lang/Class;)" + VS);
    /**
     * {@code FieldShadow fieldShadow(AtomicLongFieldUpdater w, AtomicLongFieldUpdater r, AtomicReferenceFieldUpdater s)}:
     * the shadow of one instance field, made in {@code <clinit>} from updaters of its words {@link #writeWordField} and
     * {@link #readWordField} (null, null for a volatile field, which has none) and of its {@link #shadowField}; stored in
     * {@link #updaterField}.
     */
    public static final Entry FIELD_SHADOW_OF = new Entry("fieldShadow", "(" + LUP + LUP + UP + ")" + FS);
    /** {@code void classInitialized(Class c, ThreadState ts)}: before every normal return of {@code <clinit>}. */
    public static final Entry CLASS_INITIALIZED = new Entry("classInitialized", "(Ljava/lang/Class;" + TS + ")V");
    /**
     * {@code void classAccess(VarState shadow, ThreadState ts)}: before a read of a final static field (not a
     * compile-time constant) of a rewritten class, whose shadow only carries the class: orders the end of that
     * class's {@code <clinit>} before the read, as the JVM's initialisation lock does. No race check.
     */
    public static final Entry CLASS_ACCESS = new Entry("classAccess", "(" + VS + TS + ")V");
    /**
     * {@code void initialize(Class c)}: right before a call that hands a capsule's protected array to a static helper
     * of class {@code c}, and before that call's capsule check: initialises {@code c} if it is not yet, as the call
     * would, so that the end of its {@code <clinit>} (a release) comes before the check rather than between it and
     * the helper's reads. Throws what the class's initialisation throws, as the call would have.
     */
    public static final Entry INITIALIZE = new Entry("initialize", "(Ljava/lang/Class;)V");
    /**
     * {@code void escape(Object o)} ({@code --elide dynamic-escape}): before a reference is stored where another thread
     * may reach it (a field of an escaped object, a static, an array), handed to code that is not rewritten, or
     * returned to it; and after such code returns one: o, and every object reachable from it through the fields of
     * rewritten classes, is no longer local to its thread ({@link #LOCAL_BIT_FIELD} cleared). Nothing for null.
     */
    public static final Entry ESCAPE = new Entry("escape", "(Ljava/lang/Object;)V");
    /**
     * {@code void escapeElements(Object[] a)}: before a capsule stores its own array (one only it reaches, whose
     * elements a local capsule stores without escaping them) while it may not be local: a's elements escape.
     */
    public static final Entry ESCAPE_ELEMENTS = new Entry("escapeElements", "([Ljava/lang/Object;)V");
    /**
     * {@code boolean runsProgram(Object receiver, String method)}: true if a virtual call of {@code method} (name and
     * descriptor) on receiver runs code of a class rewritten with {@code --elide dynamic-escape} (the implementation its
     * class has or inherits, {@link #ESCAPE_MARKER_FIELD}), so that what the call hands over does not escape by it.
     */
    public static final Entry RUNS_PROGRAM = new Entry("runsProgram", "(Ljava/lang/Object;Ljava/lang/String;)Z");
    /**
     * {@code boolean classRunsProgram(Class owner, String method)}: {@link #RUNS_PROGRAM} for a static call, a
     * constructor or a super call, whose code is {@code owner}'s (or its superclasses').
     */
    public static final Entry CLASS_RUNS_PROGRAM = new Entry("classRunsProgram", "(Ljava/lang/Class;Ljava/lang/String;)Z");

    // ---- accesses (before the access) ----
    /**
     * {@code readField(Object obj, long word, FieldShadow shadow, ThreadState ts, int site)}: word is the field's R word
     * as the caller read it ({@code obj.__bf$r$f}), so a same-epoch check is a load and a compare; the runtime reads
     * the field's VarState ({@code obj.__bf$s$f}) itself, past that test. obj is never null.
     */
    public static final Entry READ_FIELD = new Entry("readField", "(" + OBJ + "J" + FS + TS + "I)V");
    /** {@code writeField(Object obj, long word, FieldShadow shadow, ThreadState ts, int site)}: word is {@code obj.__bf$w$f}. */
    public static final Entry WRITE_FIELD = new Entry("writeField", "(" + OBJ + "J" + FS + TS + "I)V");
    /**
     * {@code readFresh(..)}, arguments as {@link #READ_FIELD}'s: a check of a field of a constructor's {@code this}
     * where it cannot have escaped its thread yet, so the field's words hold nothing or this thread's epochs.
     */
    public static final Entry READ_FRESH = new Entry("readFresh", READ_FIELD.descriptor());
    /** {@code writeFresh(..)}, arguments as {@link #WRITE_FIELD}'s: see {@link #READ_FRESH}. */
    public static final Entry WRITE_FRESH = new Entry("writeFresh", WRITE_FIELD.descriptor());
    /** {@code readStatic(VarState shadow, ThreadState ts, int site)}: also orders the owner's {@code <clinit>} first. */
    // ---- capsules (staticbf --capsules; the BigFoot dissertation, chapter 5) ----
    /**
     * {@code FieldShadow capsuleShadow(AtomicLongFieldUpdater w, AtomicLongFieldUpdater r, AtomicReferenceFieldUpdater
     * s, Class owner)}: in {@code <clinit>} of a capsule class, the shadow of its capsule location
     * ({@link #CAPSULE_LOCATION}: all its own fields as one location), as {@link #FIELD_SHADOW_OF} makes a field's.
     */
    public static final Entry CAPSULE_SHADOW_OF = new Entry("capsuleShadow", "(" + LUP + LUP + UP + "Ljava/lang/Class;)" + FS);
    /**
     * {@code void capsuleRead/capsuleWrite(Object this, long word, FieldShadow shadow, ThreadState ts, int site)}: the
     * check of a capsule object's location before the first own-field access of a stretch of a method with no release
     * in it, as {@link #READ_FIELD} / {@link #WRITE_FIELD} check a field; a race on it is a capsule violation, and the
     * placement verifier does not see it.
     */
    public static final Entry CAPSULE_READ = new Entry("capsuleRead", "(" + OBJ + "J" + FS + TS + "I)V");
    public static final Entry CAPSULE_WRITE = new Entry("capsuleWrite", "(" + OBJ + "J" + FS + TS + "I)V");
    public static final Entry READ_STATIC = new Entry("readStatic", "(" + VS + TS + "I)V");
    public static final Entry WRITE_STATIC = new Entry("writeStatic", "(" + VS + TS + "I)V");
    /** {@code readArray(Object array, int index, ThreadState ts, int site)}. */
    public static final Entry READ_ARRAY = new Entry("readArray", "(" + OBJ + "I" + TS + "I)V");
    public static final Entry WRITE_ARRAY = new Entry("writeArray", "(" + OBJ + "I" + TS + "I)V");
    /**
     * {@code Object arrayShadow(Object array, ThreadState ts)}: the array's shadow (null for a null array, or when the
     * invocation's checks are skipped), for a check site in a loop that keeps its last array and shadow in two locals
     * and calls this only when the array changes; then {@code readElement / writeElement(Object shadow, int index,
     * ThreadState ts, int site)} check as {@link #READ_ARRAY} / {@link #WRITE_ARRAY} do (nothing for a null shadow).
     */
    public static final Entry ARRAY_SHADOW = new Entry("arrayShadow", "(" + OBJ + TS + ")" + OBJ);
    public static final Entry READ_ELEMENT = new Entry("readElement", "(" + OBJ + "I" + TS + "I)V");
    public static final Entry WRITE_ELEMENT = new Entry("writeElement", "(" + OBJ + "I" + TS + "I)V");
    /**
     * {@code readForeign(Object objOrClass, String field, ThreadState ts, int site)}: a field declared in a class
     * that is not rewritten (a library class): its shadow lives in a map. For a static field, objOrClass is the
     * declaring Class; field is {@code pkg.Class.name}.
     */
    public static final Entry READ_FOREIGN = new Entry("readForeign", "(" + OBJ + "Ljava/lang/String;" + TS + "I)V");
    public static final Entry WRITE_FOREIGN = new Entry("writeForeign", "(" + OBJ + "Ljava/lang/String;" + TS + "I)V");

    // ---- --verify-placement runs only: the precise-checks verifier (the BigFoot dissertation, sections 3.2 and 3.5.1) ----
    /**
     * {@code void verifyPlacement()}: first thing in every {@code <clinit>} of a jar rewritten with
     * {@code --verify-placement}; switches the JVM-wide runtime into verify mode (idempotent). No code of a
     * class runs before its {@code <clinit>} starts, so no check or access event of the jar is missed.
     */
    public static final Entry VERIFY_PLACEMENT = new Entry("verifyPlacement", "()V");
    /**
     * Access events: one immediately before every field and array access the fasttrack placement would check
     * (after that access's check, if it has one), with the arguments of the matching check entry point plus
     * {@code boolean write}. They run no race check; the verifier matches them against the checks.
     */
    public static final Entry ACCESS_FIELD = new Entry("accessField", "(" + OBJ + FS + TS + "IZ)V");
    public static final Entry ACCESS_STATIC = new Entry("accessStatic", "(" + VS + TS + "IZ)V");
    public static final Entry ACCESS_ARRAY = new Entry("accessArray", "(" + OBJ + "I" + TS + "IZ)V");
    public static final Entry ACCESS_FOREIGN = new Entry("accessForeign", "(" + OBJ + "Ljava/lang/String;" + TS + "IZ)V");

    // ---- volatiles: a read is an acquire AFTER the read, a write a release BEFORE the write ----
    public static final Entry VOLATILE_READ_FIELD = new Entry("volatileReadField", "(" + OBJ + FS + TS + ")V");
    public static final Entry VOLATILE_WRITE_FIELD = new Entry("volatileWriteField", "(" + OBJ + FS + TS + ")V");
    public static final Entry VOLATILE_READ_STATIC = new Entry("volatileReadStatic", "(" + VS + TS + ")V");
    public static final Entry VOLATILE_WRITE_STATIC = new Entry("volatileWriteStatic", "(" + VS + TS + ")V");
    /** {@code volatileReadForeign(Object objOrClass, String field, ThreadState ts)}. */
    public static final Entry VOLATILE_READ_FOREIGN = new Entry("volatileReadForeign", "(" + OBJ + "Ljava/lang/String;" + TS + ")V");
    public static final Entry VOLATILE_WRITE_FOREIGN = new Entry("volatileWriteForeign", "(" + OBJ + "Ljava/lang/String;" + TS + ")V");

    // ---- synchronisation ----
    /** After monitorenter, and at entry of a synchronized method. */
    public static final Entry ACQUIRE = new Entry("acquire", "(" + OBJ + TS + ")V");
    /** Before monitorexit, and before every exit (normal or exceptional) of a synchronized method. */
    public static final Entry RELEASE = new Entry("release", "(" + OBJ + TS + ")V");
    /** Before {@code Thread.start()}. */
    public static final Entry FORK = new Entry("fork", "(Ljava/lang/Thread;" + TS + ")V");
    /** After {@code Thread.join(..)} returns normally; the runtime joins only if the thread has terminated. */
    public static final Entry JOIN = new Entry("join", "(Ljava/lang/Thread;" + TS + ")V");
    /** {@code boolean isAlive(boolean result, Thread t, ThreadState ts)}: after {@code Thread.isAlive()}; returns result unchanged. */
    public static final Entry IS_ALIVE = new Entry("isAlive", "(ZLjava/lang/Thread;" + TS + ")Z");
    /** Before {@code Object.wait(..)}: a release. */
    public static final Entry WAIT_BEFORE = new Entry("waitBefore", "(" + OBJ + TS + ")V");
    /** After {@code Object.wait(..)} returns or throws: an acquire. */
    public static final Entry WAIT_AFTER = new Entry("waitAfter", "(" + OBJ + TS + ")V");
    /** Before {@code CyclicBarrier.await(..)}. */
    public static final Entry BARRIER_BEFORE = new Entry("barrierBefore", "(" + OBJ + TS + ")V");
    /** After {@code CyclicBarrier.await(..)} returns normally. */
    public static final Entry BARRIER_AFTER = new Entry("barrierAfter", "(" + OBJ + TS + ")V");

    // ---- finalization (JLS 17.4.5: the end of an object's constructor happens before the start of its finalizer) ----
    /** {@code constructed(Object obj, ThreadState ts)}: before each return of a constructor of a class with a finalizer. */
    public static final Entry CONSTRUCTED = new Entry("constructed", "(" + OBJ + TS + ")V");
    /** {@code finalizing(Object obj, ThreadState ts)}: at the start of a {@code finalize()} method. */
    public static final Entry FINALIZING = new Entry("finalizing", "(" + OBJ + TS + ")V");

    // ---- java.util.concurrent (happens-before channels keyed by objects; volatile semantics: releases join) ----
    /** {@code hbRelease(Object key, ThreadState ts)}: before a library call that publishes through {@code key}. */
    public static final Entry HB_RELEASE = new Entry("hbRelease", "(" + OBJ + TS + ")V");
    /** {@code hbAcquire(Object key, ThreadState ts)}: after a library call that receives through {@code key}. */
    public static final Entry HB_ACQUIRE = new Entry("hbAcquire", "(" + OBJ + TS + ")V");
    /** {@code boolean hbAcquireIf(boolean result, Object key, ThreadState ts)}: hbAcquire if result ({@code tryLock}); returns result. */
    public static final Entry HB_ACQUIRE_IF = new Entry("hbAcquireIf", "(Z" + OBJ + TS + ")Z");
    /**
     * {@code Object hbAlias(Object alias, Object key)}: after a call returning an object whose events are
     * {@code key}'s (a read or write lock and its ReadWriteLock, a Condition and its Lock, a Future and its task);
     * returns alias.
     */
    public static final Entry HB_ALIAS = new Entry("hbAlias", "(" + OBJ + OBJ + ")" + OBJ);
    /** {@code hbPublish(Object element, Object container, ThreadState ts)}: before inserting into a collection; counts only for concurrent ones. */
    public static final Entry HB_PUBLISH = new Entry("hbPublish", "(" + OBJ + OBJ + TS + ")V");
    /** {@code Object hbReceive(Object element, Object container, ThreadState ts)}: after taking or reading from a collection; returns element. */
    public static final Entry HB_RECEIVE = new Entry("hbReceive", "(" + OBJ + OBJ + TS + ")" + OBJ);
    /**
     * {@code hbPublishKey(Object key, Object map, ThreadState ts)}: before inserting a key into a map; as hbPublish,
     * for a key whose class the program's code compares (not the JDK's own: its comparisons acquire nothing).
     */
    public static final Entry HB_PUBLISH_KEY = new Entry("hbPublishKey", "(" + OBJ + OBJ + TS + ")V");
    /**
     * {@code keyedCallStart(Object map, ThreadState ts)}: before a map call that compares keys ({@code get},
     * {@code put}, {@code containsKey}, ...); for a concurrent map, until keyedCallEnd, the key comparisons it calls
     * back acquire from the keys they compare.
     */
    public static final Entry KEYED_CALL_START = new Entry("keyedCallStart", "(" + OBJ + TS + ")V");
    /** {@code keyedCallEnd(Object map, ThreadState ts)}: after that call returns or throws. */
    public static final Entry KEYED_CALL_END = new Entry("keyedCallEnd", "(" + OBJ + TS + ")V");
    /**
     * {@code keyComparisonStart(Object a, Object b, ThreadState ts)}: at the entry of {@code a.equals(b)},
     * {@code a.compareTo(b)} or a Comparator's {@code compare(a, b)}: inside a concurrent map's keyed call, the
     * outermost comparison acquires from the channels of a and b.
     */
    public static final Entry KEY_COMPARISON_START = new Entry("keyComparisonStart", "(" + OBJ + OBJ + TS + ")V");
    /** {@code keyComparisonEnd(ThreadState ts)}: before each return of such a comparison. */
    public static final Entry KEY_COMPARISON_END = new Entry("keyComparisonEnd", "(" + TS + ")V");
    /**
     * {@code Runnable taskRunnable(Runnable task, Object executor, ThreadState ts)}: in place of a task handed to
     * an executor: a wrapper whose run starts after the submission and ends before the task's Future completes
     * (and before the executor's termination; executor may be null).
     */
    public static final Entry TASK_RUNNABLE = new Entry("taskRunnable",
            "(Ljava/lang/Runnable;" + OBJ + TS + ")Ljava/lang/Runnable;");
    /**
     * {@code Runnable threadRunnable(Runnable task, Object builder, ThreadState ts)}: in place of the task of a thread
     * that {@code Thread.Builder.start} or {@code Thread.startVirtualThread} starts at once: the FORK edge (everything
     * the starting thread did before the call happens before the new thread's first action) and the start's site.
     */
    public static final Entry THREAD_RUNNABLE = new Entry("threadRunnable",
            "(Ljava/lang/Runnable;" + OBJ + TS + ")Ljava/lang/Runnable;");
    /**
     * {@code Object mapping(Object fn, Object map, ThreadState ts)}: in place of the Function or BiFunction given to a
     * map's {@code computeIfAbsent}, {@code computeIfPresent}, {@code compute} or {@code merge}: for a concurrent map,
     * a wrapper that publishes the value the function made before the map stores it; else fn itself.
     */
    public static final Entry MAPPING = new Entry("mapping", "(" + OBJ + OBJ + TS + ")" + OBJ);
    /**
     * {@code Object streamFunction(Object fn, Object stream, Class type, boolean combiner, ThreadState ts)}: in place of
     * a function (of interface {@code type}: a java.util.function one, a Comparator, a Runnable, or a Collector) given to
     * a method of a stream: for a parallel stream, a wrapper whose every call acquires what the stream's callers released
     * before its terminal operations (and, a {@code combiner}'s, what the other calls released) and releases for the
     * caller to acquire when the terminal operation returns; else fn itself.
     */
    public static final Entry STREAM_FUNCTION = new Entry("streamFunction",
            "(" + OBJ + OBJ + "Ljava/lang/Class;Z" + TS + ")" + OBJ);
    /** {@code Object streamStage(Object result, Object stream)}: the stream an intermediate operation returned is of {@code stream}'s pipeline. */
    public static final Entry STREAM_STAGE = new Entry("streamStage", "(" + OBJ + OBJ + ")" + OBJ);
    /** {@code streamRelease(Object stream, ThreadState ts)}: before a terminal operation of a parallel stream: a release into its pipeline. */
    public static final Entry STREAM_RELEASE = new Entry("streamRelease", "(" + OBJ + TS + ")V");
    /** {@code streamAcquire(Object stream, ThreadState ts)}: after it: an acquire of what its functions' calls released. */
    public static final Entry STREAM_ACQUIRE = new Entry("streamAcquire", "(" + OBJ + TS + ")V");
    /** {@code Callable taskCallable(Callable task, Object executor, ThreadState ts)}: as {@link #TASK_RUNNABLE}. */
    public static final Entry TASK_CALLABLE = new Entry("taskCallable",
            "(Ljava/util/concurrent/Callable;" + OBJ + TS + ")Ljava/util/concurrent/Callable;");
    /** {@code Supplier taskSupplier(Supplier task, Object executor, ThreadState ts)}: as {@link #TASK_RUNNABLE}. */
    public static final Entry TASK_SUPPLIER = new Entry("taskSupplier",
            "(Ljava/util/function/Supplier;" + OBJ + TS + ")Ljava/util/function/Supplier;");
    /** {@code Collection tasks(Collection callables, Object executor, ThreadState ts)}: each wrapped as by {@link #TASK_CALLABLE}. */
    public static final Entry TASKS = new Entry("tasks",
            "(Ljava/util/Collection;" + OBJ + TS + ")Ljava/util/Collection;");
    /**
     * {@code Object stage(Object fn, Object source, Object other, ThreadState ts)}: in place of the function a
     * dependent stage of a CompletableFuture runs ({@code thenApply(fn)}, {@code thenCombine(other, fn)}, ...): a
     * wrapper of the same functional interface (Function, BiFunction, Consumer, BiConsumer or Runnable) whose run
     * starts after the registration and after the completion of {@code source} and {@code other} (either may be
     * null), and ends before the dependent stage completes (the stage is an alias of the wrapper).
     */
    public static final Entry STAGE = new Entry("stage", "(" + OBJ + OBJ + OBJ + TS + ")" + OBJ);
    /**
     * {@code hbAcquireAll(Object keys, ThreadState ts)}: hbAcquire of each element of a Collection or an Object[]
     * (after {@code invokeAll}).
     */
    public static final Entry HB_ACQUIRE_ALL = new Entry("hbAcquireAll", "(" + OBJ + TS + ")V");
    /** {@code hbReleaseAll(Object keys, ThreadState ts)}: hbRelease into each element of a Collection or an Object[]. */
    public static final Entry HB_RELEASE_ALL = new Entry("hbReleaseAll", "(" + OBJ + TS + ")V");
    /**
     * {@code Object joined(Object result, Object[] members, boolean any)}: {@code result} (a CompletableFuture of
     * {@code allOf} or {@code anyOf}) completes after its members: an acquire from it also acquires from every member
     * ({@code any}: from every member done by then); returns result.
     */
    public static final Entry JOINED = new Entry("joined", "(" + OBJ + "[" + OBJ + "Z)" + OBJ);

    // ---- array range checks (coalesced array checks, the BigFoot dissertation, section 3.4) ----
    /**
     * {@code readArrayRange(Object array, int begin, int end, int stride, ThreadState ts, int site)}: a read check
     * of every index {@code begin, begin+stride, ...} below {@code end}, as if {@link #READ_ARRAY} were called for
     * each, all from {@code site}. An empty range ({@code begin >= end}) checks nothing; indices outside the array
     * and a null array are ignored; {@code stride} must be at least 1 (a smaller stride checks only {@code begin}).
     */
    public static final Entry READ_ARRAY_RANGE = new Entry("readArrayRange", "(" + OBJ + "III" + TS + "I)V");
    /** {@code writeArrayRange(..)}: as {@link #READ_ARRAY_RANGE}, a write check of every index of the range. */
    public static final Entry WRITE_ARRAY_RANGE = new Entry("writeArrayRange", "(" + OBJ + "III" + TS + "I)V");

    /** Every entry point, for the reflective contract test. */
    public static final Entry[] ALL = {
        THREAD, REGISTER_SITES, STATIC_SHADOW, FIELD_SHADOW_OF, CLASS_INITIALIZED, CLASS_ACCESS, INITIALIZE, ESCAPE, ESCAPE_ELEMENTS,
        RUNS_PROGRAM, CLASS_RUNS_PROGRAM,
        READ_FIELD, WRITE_FIELD, READ_STATIC, WRITE_STATIC, READ_ARRAY, WRITE_ARRAY, ARRAY_SHADOW, READ_ELEMENT,
        WRITE_ELEMENT, READ_FOREIGN, WRITE_FOREIGN,
        CAPSULE_SHADOW_OF, CAPSULE_READ, CAPSULE_WRITE,
        VERIFY_PLACEMENT, ACCESS_FIELD, ACCESS_STATIC, ACCESS_ARRAY, ACCESS_FOREIGN,
        VOLATILE_READ_FIELD, VOLATILE_WRITE_FIELD, VOLATILE_READ_STATIC, VOLATILE_WRITE_STATIC,
        VOLATILE_READ_FOREIGN, VOLATILE_WRITE_FOREIGN,
        ACQUIRE, RELEASE, FORK, JOIN, IS_ALIVE, WAIT_BEFORE, WAIT_AFTER, BARRIER_BEFORE, BARRIER_AFTER,
        READ_ARRAY_RANGE, WRITE_ARRAY_RANGE,
        HB_RELEASE, HB_ACQUIRE, HB_ACQUIRE_IF, HB_ALIAS, HB_PUBLISH, HB_RECEIVE, TASK_RUNNABLE, TASK_CALLABLE,
        TASK_SUPPLIER, TASKS, HB_ACQUIRE_ALL, HB_RELEASE_ALL, JOINED, STAGE, THREAD_RUNNABLE, MAPPING,
        STREAM_FUNCTION, STREAM_STAGE, STREAM_RELEASE, STREAM_ACQUIRE, CONSTRUCTED, FINALIZING,
        HB_PUBLISH_KEY, KEYED_CALL_START, KEYED_CALL_END, KEY_COMPARISON_START, KEY_COMPARISON_END,
    };

    // ---- members added to rewritten classes ----
    /** {@code static final int __bf$sb}: the class's site base; its presence marks a class as already rewritten. */
    public static final String SITE_BASE_FIELD = "__bf$sb";
    /**
     * Prefix of a field's VarState: {@code VarState __bf$s$<field>} (instance: volatile transient, made when the field
     * is inflated, or for a volatile field when first used; static: final, made in clinit). Added members live in
     * disjoint name spaces ({@code __bf$s$*}, {@code __bf$w$*}, {@code __bf$r$*}, {@code __bf$u$*}, {@code __bf$sb}),
     * so no field name makes two of them collide.
     */
    public static final String SHADOW_PREFIX = "__bf$s$";
    /**
     * The name a capsule class's location has among its shadow members ({@code __bf$s$$capsule}, {@code __bf$w$$capsule},
     * {@code __bf$r$$capsule}, {@code __bf$u$$capsule}), as if it were a field: all its own fields as one location.
     */
    public static final String CAPSULE_LOCATION = "$capsule";
    /**
     * {@code public transient int __bf$local} ({@code --elide dynamic-escape}), in the topmost rewritten class of a
     * hierarchy whose classes above it are JDK classes whose constructors keep {@code this} to themselves
     * ({@code Object}, {@code Record}, {@code java.io.Reader}, ...): 1 from the start of its constructor
     * while the object is local to the thread that made it, 0 once it escaped (and in an object no constructor made,
     * such as a deserialised one). Checks of a local object's fields are skipped.
     */
    public static final String LOCAL_BIT_FIELD = "__bf$local";
    /**
     * {@code static final int __bf$de}: marks a class rewritten with {@code --elide dynamic-escape}, whose code escapes
     * what it hands on as this run's does: a call from another jar's rewritten code into it hands nothing over.
     */
    public static final String ESCAPE_MARKER_FIELD = "__bf$de";
    /** Prefix of an instance field's shadow: {@code static final FieldShadow __bf$u$<field>}. */
    public static final String UPDATER_PREFIX = "__bf$u$";
    /** Prefix of a non-volatile instance field's W shadow word: {@code volatile transient long __bf$w$<field>}. */
    public static final String WRITE_WORD_PREFIX = "__bf$w$";
    /** Prefix of a non-volatile instance field's R shadow word: {@code volatile transient long __bf$r$<field>}. */
    public static final String READ_WORD_PREFIX = "__bf$r$";

    public static String shadowField(String field) {
        return SHADOW_PREFIX + field;
    }

    public static String updaterField(String field) {
        return UPDATER_PREFIX + field;
    }

    public static String writeWordField(String field) {
        return WRITE_WORD_PREFIX + field;
    }

    public static String readWordField(String field) {
        return READ_WORD_PREFIX + field;
    }

    /** The resource the rewriter adds to every output jar (mode, verify, tool version, counts), as java.util.Properties. */
    public static final String METADATA_RESOURCE = "META-INF/bigfoot/instrumented.properties";

    /**
     * The resource the rewriter adds to an output jar whose classes mark races as intended (an annotation named
     * {@code IntendedRace} on a field, method or class): suppression rules, one per line, in the runtime's
     * suppressions file format. The runtime reads every such resource on the class path.
     */
    public static final String INTENDED_RACES_RESOURCE = "META-INF/bigfoot/intended-races.txt";
}
