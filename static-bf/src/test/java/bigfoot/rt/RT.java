package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.ir.SiteTable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Test double of the DynamicBF runtime: implements every entry point of {@code bigfoot.ir.RuntimeApi}
 * and records each call, so tests can run rewritten code and see what it reported. Field checks change
 * the word they were passed and field events install a VarState through the class's updaters, as the real
 * runtime does, which exercises the fields and updaters the rewriter adds.
 */
public final class RT {

    /** One call into the runtime: the entry point, the object it is about (or null), the site (or -1), the caller. */
    public record Event(String entry, Object subject, int site, Thread thread) {
    }

    private static final List<Event> EVENTS = new ArrayList<>();
    private static final List<Site> SITES = new ArrayList<>();
    private static final List<String> TABLES = new ArrayList<>();
    private static final ThreadLocal<ThreadState> STATES = ThreadLocal.withInitial(ThreadState::new);
    private static final AtomicInteger FETCHES = new AtomicInteger();
    private static final AtomicInteger SHADOW_LOOKUPS = new AtomicInteger();
    /** The events after which the runtime's thread is in a new epoch. */
    private static final java.util.Set<String> RELEASES = java.util.Set.of("release", "fork", "waitBefore",
            "barrierBefore", "hbRelease", "volatileWriteField", "volatileWriteStatic", "volatileWriteForeign",
            "classInitialized", "constructed");

    private RT() {
    }

    // ---- for tests ----

    public static synchronized List<Event> events() {
        return List.copyOf(EVENTS);
    }

    public static synchronized void reset() {
        EVENTS.clear();
        FETCHES.set(0);
        SHADOW_LOOKUPS.set(0);
    }

    /** How many times rewritten code looked up an array's shadow ({@link #arrayShadow}) since the last {@link #reset}. */
    public static int shadowLookups() {
        return SHADOW_LOOKUPS.get();
    }

    /** How many times rewritten code fetched its thread state since the last {@link #reset}. */
    public static int threadFetches() {
        return FETCHES.get();
    }

    public static synchronized Site site(int id) {
        return SITES.get(id);
    }

    public static synchronized List<String> tables() {
        return List.copyOf(TABLES);
    }

    private static synchronized void record(String entry, Object subject, int site) {
        EVENTS.add(new Event(entry, subject, site, Thread.currentThread()));
        if (RELEASES.contains(entry)) {
            STATES.get().epoch++;
        }
    }

    private static void checkThread(ThreadState ts) {
        if (ts == null || ts.thread != Thread.currentThread()) {
            throw new AssertionError("thread state of another thread passed to the runtime");
        }
    }

    private static FieldShadow receiver(Object obj, FieldShadow shadow) {
        if (obj == null) {
            throw new AssertionError("null receiver passed to a field check");
        }
        if (shadow == null) {
            throw new AssertionError("field shadow not initialised");
        }
        return shadow;
    }

    private static void staticShadow(VarState shadow) {
        if (shadow == null) {
            throw new AssertionError("static shadow not initialised");
        }
    }

    // ---- set-up ----

    public static ThreadState thread() {
        FETCHES.incrementAndGet();
        return STATES.get();
    }

    public static synchronized int registerSites(String table) {
        int base = SITES.size();
        List<Site> sites = SiteTable.decode(table);
        SITES.addAll(sites);
        TABLES.add(table);
        record("registerSites", table.substring(0, table.indexOf('\t')), -1);
        return base;
    }

    public static VarState staticShadow(Class<?> owner) {
        record("staticShadow", owner, -1);
        return new VarState();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static FieldShadow fieldShadow(AtomicLongFieldUpdater w, AtomicLongFieldUpdater r, AtomicReferenceFieldUpdater s) {
        if ((w == null) != (r == null) || s == null) {
            throw new AssertionError("a field shadow needs both words' updaters or neither, and its VarState's");
        }
        return new FieldShadow(w, r, s);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static FieldShadow capsuleShadow(AtomicLongFieldUpdater w, AtomicLongFieldUpdater r,
            AtomicReferenceFieldUpdater s, Class<?> owner) {
        if (owner == null) {
            throw new AssertionError("a capsule's shadow needs its class");
        }
        return fieldShadow(w, r, s);
    }

    public static void capsuleRead(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck("capsuleRead", obj, word, shadow, ts, site, false);
    }

    public static void capsuleWrite(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck("capsuleWrite", obj, word, shadow, ts, site, true);
    }

    public static void classInitialized(Class<?> c, ThreadState ts) {
        checkThread(ts);
        record("classInitialized", c, -1);
    }

    public static void initialize(Class<?> c) {
        try {
            Class.forName(c.getName(), true, c.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new NoClassDefFoundError(c.getName());
        }
        record("initialize", c, -1);
    }

    /** Records the escape and clears the object's local bit, not what it reaches (the runtime's walk is tested there). */
    public static void escape(Object o) {
        java.lang.reflect.Field bit = o == null ? null : localBit(o.getClass());
        if (bit != null) {
            try {
                if (bit.getInt(o) != 0) {
                    bit.setInt(o, 0);
                    record("escape", o, -1);
                }
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
    }

    public static void escapeElements(Object[] a) {
        if (a != null) {
            for (Object e : a) {
                escape(e);
            }
        }
    }

    /** The classes tests make implement what they are called for: a rewritten one (its marker) runs the program. */
    public static boolean runsProgram(Object receiver, String method) {
        return receiver != null && classRunsProgram(receiver.getClass(), method);
    }

    public static boolean classRunsProgram(Class<?> owner, String method) {
        try {
            return owner.getDeclaredField("__bf$de") != null;
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    private static java.lang.reflect.Field localBit(Class<?> c) {
        for (; c != null; c = c.getSuperclass()) {
            try {
                java.lang.reflect.Field bit = c.getDeclaredField("__bf$local");
                bit.setAccessible(true); // a package-private class's public field
                return bit;
            } catch (NoSuchFieldException e) {
                // not declared here
            }
        }
        return null;
    }

    public static void classAccess(VarState shadow, ThreadState ts) {
        checkThread(ts);
        staticShadow(shadow);
        record("classAccess", shadow, -1);
    }

    // ---- accesses ----

    public static void readField(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck("readField", obj, word, shadow, ts, site, false);
    }

    public static void writeField(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck("writeField", obj, word, shadow, ts, site, true);
    }

    public static void readFresh(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck("readFresh", obj, word, shadow, ts, site, false);
    }

    public static void writeFresh(Object obj, long word, FieldShadow shadow, ThreadState ts, int site) {
        fieldCheck("writeFresh", obj, word, shadow, ts, site, true);
    }

    /** An instance field check as rewritten code makes it: the receiver's shadow members must match what was passed. */
    private static void fieldCheck(String entry, Object obj, long word, FieldShadow shadow,
            ThreadState ts, int site, boolean write) {
        checkThread(ts);
        receiver(obj, shadow).check(obj, word, write);
        record(entry, obj, site);
    }

    public static void readStatic(VarState shadow, ThreadState ts, int site) {
        checkThread(ts);
        staticShadow(shadow);
        record("readStatic", null, site);
    }

    public static void writeStatic(VarState shadow, ThreadState ts, int site) {
        checkThread(ts);
        staticShadow(shadow);
        record("writeStatic", null, site);
    }

    public static void readArray(Object array, int index, ThreadState ts, int site) {
        checkThread(ts);
        record("readArray", array, site);
    }

    public static void writeArray(Object array, int index, ThreadState ts, int site) {
        checkThread(ts);
        record("writeArray", array, site);
    }

    /** The stub's shadow of an array: the array itself, so that element checks record it as {@link #readArray} does. */
    private record Shadow(Object array) {
    }

    /** Counted, not recorded: a check site in a loop calls it only when its array changes ({@link #shadowLookups}). */
    public static Object arrayShadow(Object array, ThreadState ts) {
        checkThread(ts);
        SHADOW_LOOKUPS.incrementAndGet();
        return array == null ? null : new Shadow(array);
    }

    /** Recorded as {@link #readArray} of the shadow's array: the same check. */
    public static void readElement(Object shadow, int index, ThreadState ts, int site) {
        checkThread(ts);
        record("readArray", shadow == null ? null : ((Shadow) shadow).array(), site);
    }

    public static void writeElement(Object shadow, int index, ThreadState ts, int site) {
        checkThread(ts);
        record("writeArray", shadow == null ? null : ((Shadow) shadow).array(), site);
    }

    public static void readArrayRange(Object array, int begin, int end, int stride, ThreadState ts, int site) {
        checkThread(ts);
        record("readArrayRange", array, site);
    }

    public static void writeArrayRange(Object array, int begin, int end, int stride, ThreadState ts, int site) {
        checkThread(ts);
        record("writeArrayRange", array, site);
    }

    public static void readForeign(Object objOrClass, String field, ThreadState ts, int site) {
        checkThread(ts);
        record("readForeign", field, site);
    }

    public static void writeForeign(Object objOrClass, String field, ThreadState ts, int site) {
        checkThread(ts);
        record("writeForeign", field, site);
    }

    // ---- access events (--verify-placement) ----

    public static void verifyPlacement() {
        record("verifyPlacement", null, -1);
    }

    public static void accessField(Object obj, FieldShadow shadow, ThreadState ts, int site, boolean write) {
        checkThread(ts);
        receiver(obj, shadow).state(obj);
        record(write ? "accessField:w" : "accessField:r", obj, site);
    }

    public static void accessStatic(VarState shadow, ThreadState ts, int site, boolean write) {
        checkThread(ts);
        staticShadow(shadow);
        record(write ? "accessStatic:w" : "accessStatic:r", null, site);
    }

    public static void accessArray(Object array, int index, ThreadState ts, int site, boolean write) {
        checkThread(ts);
        record(write ? "accessArray:w" : "accessArray:r", array, site);
    }

    public static void accessForeign(Object objOrClass, String field, ThreadState ts, int site, boolean write) {
        checkThread(ts);
        record(write ? "accessForeign:w" : "accessForeign:r", field, site);
    }

    // ---- volatiles ----

    public static void volatileReadField(Object obj, FieldShadow shadow, ThreadState ts) {
        checkThread(ts);
        receiver(obj, shadow).state(obj);
        record("volatileReadField", obj, -1);
    }

    public static void volatileWriteField(Object obj, FieldShadow shadow, ThreadState ts) {
        checkThread(ts);
        receiver(obj, shadow).state(obj);
        record("volatileWriteField", obj, -1);
    }

    public static void volatileReadStatic(VarState shadow, ThreadState ts) {
        checkThread(ts);
        staticShadow(shadow);
        record("volatileReadStatic", null, -1);
    }

    public static void volatileWriteStatic(VarState shadow, ThreadState ts) {
        checkThread(ts);
        staticShadow(shadow);
        record("volatileWriteStatic", null, -1);
    }

    public static void volatileReadForeign(Object objOrClass, String field, ThreadState ts) {
        checkThread(ts);
        record("volatileReadForeign", field, -1);
    }

    public static void volatileWriteForeign(Object objOrClass, String field, ThreadState ts) {
        checkThread(ts);
        record("volatileWriteForeign", field, -1);
    }

    // ---- synchronisation ----

    public static void acquire(Object lock, ThreadState ts) {
        checkThread(ts);
        if (!Thread.holdsLock(lock)) {
            throw new AssertionError("acquire reported before the lock is held");
        }
        record("acquire", lock, -1);
    }

    public static void release(Object lock, ThreadState ts) {
        checkThread(ts);
        if (lock != null && !Thread.holdsLock(lock)) {
            throw new AssertionError("release reported after the lock was released");
        }
        record("release", lock, -1);
    }

    public static void fork(Thread t, ThreadState ts) {
        checkThread(ts);
        record("fork", t, -1);
    }

    public static void join(Thread t, ThreadState ts) {
        checkThread(ts);
        record("join", t, -1);
    }

    public static boolean isAlive(boolean result, Thread t, ThreadState ts) {
        checkThread(ts);
        record("isAlive", t, -1);
        return result;
    }

    public static void waitBefore(Object o, ThreadState ts) {
        checkThread(ts);
        record("waitBefore", o, -1);
    }

    public static void waitAfter(Object o, ThreadState ts) {
        checkThread(ts);
        record("waitAfter", o, -1);
    }

    public static void barrierBefore(Object barrier, ThreadState ts) {
        checkThread(ts);
        record("barrierBefore", barrier, -1);
    }

    public static void barrierAfter(Object barrier, ThreadState ts) {
        checkThread(ts);
        record("barrierAfter", barrier, -1);
    }

    public static void constructed(Object obj, ThreadState ts) {
        checkThread(ts);
        record("constructed", obj, -1);
    }

    public static void finalizing(Object obj, ThreadState ts) {
        checkThread(ts);
        record("finalizing", obj, -1);
    }

    public static void hbRelease(Object key, ThreadState ts) {
        checkThread(ts);
        record("hbRelease", key, -1);
    }

    public static void hbAcquire(Object key, ThreadState ts) {
        checkThread(ts);
        record("hbAcquire", key, -1);
    }

    public static boolean hbAcquireIf(boolean result, Object key, ThreadState ts) {
        checkThread(ts);
        record(result ? "hbAcquire" : "hbAcquireFailed", key, -1);
        return result;
    }

    public static Object hbAlias(Object alias, Object key) {
        record("hbAlias", alias, -1);
        return alias;
    }

    public static void hbPublish(Object element, Object container, ThreadState ts) {
        checkThread(ts);
        record("hbPublish", element, -1);
    }

    public static Object hbReceive(Object element, Object container, ThreadState ts) {
        checkThread(ts);
        record("hbReceive", element, -1);
        return element;
    }

    public static void hbPublishKey(Object key, Object map, ThreadState ts) {
        checkThread(ts);
        record("hbPublishKey", key, -1);
    }

    public static void keyedCallStart(Object map, ThreadState ts) {
        checkThread(ts);
        record("keyedCallStart", map, -1);
    }

    public static void keyedCallEnd(Object map, ThreadState ts) {
        checkThread(ts);
        record("keyedCallEnd", map, -1);
    }

    public static void keyComparisonStart(Object a, Object b, ThreadState ts) {
        checkThread(ts);
        record("keyComparisonStart", b, -1);
    }

    public static void keyComparisonEnd(ThreadState ts) {
        checkThread(ts);
        record("keyComparisonEnd", null, -1);
    }

    /** The double hands tasks over unwrapped: it only records the submission. */
    public static Runnable taskRunnable(Runnable task, Object executor, ThreadState ts) {
        checkThread(ts);
        record("taskRunnable", task, -1);
        return task;
    }

    /** The double hands a map's function over unwrapped: it only records the call. */
    public static Object mapping(Object fn, Object map, ThreadState ts) {
        checkThread(ts);
        record("mapping", map, -1);
        return fn;
    }

    /** As {@link #taskRunnable}: the start of a Thread.Builder's thread is recorded, its task handed over unwrapped. */
    public static Runnable threadRunnable(Runnable task, Object builder, ThreadState ts) {
        checkThread(ts);
        record("threadRunnable", task, -1);
        return task;
    }

    public static java.util.concurrent.Callable<?> taskCallable(java.util.concurrent.Callable<?> task, Object executor,
            ThreadState ts) {
        checkThread(ts);
        record("taskCallable", task, -1);
        return task;
    }

    public static java.util.function.Supplier<?> taskSupplier(java.util.function.Supplier<?> task, Object executor,
            ThreadState ts) {
        checkThread(ts);
        record("taskSupplier", task, -1);
        return task;
    }

    public static Object stage(Object fn, Object source, Object other, ThreadState ts) {
        checkThread(ts);
        record("stage", fn, -1);
        return fn;
    }

    public static java.util.Collection<?> tasks(java.util.Collection<?> callables, Object executor, ThreadState ts) {
        checkThread(ts);
        record("tasks", callables, -1);
        return callables;
    }

    public static void hbAcquireAll(Object keys, ThreadState ts) {
        checkThread(ts);
        record("hbAcquireAll", keys, -1);
    }

    public static Object streamFunction(Object fn, Object stream, Class<?> type, boolean combiner, ThreadState ts) {
        checkThread(ts);
        record("streamFunction", fn, -1);
        return fn;
    }

    public static Object streamStage(Object result, Object stream) {
        record("streamStage", result, -1);
        return result;
    }

    public static void streamRelease(Object stream, ThreadState ts) {
        checkThread(ts);
        record("streamRelease", stream, -1);
    }

    public static void streamAcquire(Object stream, ThreadState ts) {
        checkThread(ts);
        record("streamAcquire", stream, -1);
    }

    public static void hbReleaseAll(Object keys, ThreadState ts) {
        checkThread(ts);
        record("hbReleaseAll", keys, -1);
    }

    public static Object joined(Object result, Object[] members, boolean any) {
        record("joined", result, -1);
        return result;
    }
}
