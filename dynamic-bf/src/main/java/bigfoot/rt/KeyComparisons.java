package bigfoot.rt;

/**
 * A concurrent collection's key comparisons. A map's lookup ({@code get}, {@code put}, {@code containsKey}, ...) calls
 * back the keys' {@code equals} or {@code compareTo}, or the map's Comparator, on keys other threads inserted, and
 * those read the keys' fields (as do a concurrent set's {@code add} and {@code contains} and a priority queue's
 * insertions and removals, on its elements: they are its keys here). The map orders each such read after the key's
 * insertion (java.util.concurrent's memory consistency: the lookup found the key by reading what the insertion wrote,
 * volatile). So the rewriter publishes a key when it is inserted (into the key's channel, as an element:
 * {@link Channels}; not a JDK class's key, as no comparison of it acquires), brackets every map call that compares
 * keys, and calls {@link #start} at the entry of the program's {@code equals}, {@code compareTo} and {@code compare}
 * methods and of the methods its Comparator lambdas run. Inside a concurrent map's call, the outermost comparison
 * acquires from the channels of both objects it compares, before any of its accesses: the stored key's, if it was
 * inserted; a key of this thread's, or one never inserted, has none and orders nothing.
 *
 * <p>Only the outermost comparison acquires: one nested in it (a key comparing its parts) runs in the middle of a
 * method whose checks BigFoot may have moved across its call, which the placement sees as no synchronisation.
 * Comparisons outside a keyed call (the program's own) acquire nothing, so a key reached by a racy read still races.
 * A mapping function run by {@code computeIfAbsent} is the program's code, not a comparison: the keyed call is
 * suspended while it runs. A comparison that throws does not count its end; the keyed call's end clears the count.
 */
final class KeyComparisons {

    /** Classes of the JDK's own (the boot and platform loaders'), whose comparisons are not rewritten. */
    private static final ClassValue<Boolean> PROGRAM_CLASS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            ClassLoader loader = c.getClassLoader();
            return loader != null && loader != ClassLoader.getPlatformClassLoader();
        }
    };

    private KeyComparisons() {
    }

    /**
     * True if {@code key}'s comparisons may be the program's: a String or an Integer key needs no channel, as no
     * comparison of it acquires (a JDK key holding program objects, a List of them, compares them from the JDK's
     * code: their comparisons are outermost, and find no channel of theirs).
     */
    static boolean comparedByTheProgram(Object key) {
        return key != null && PROGRAM_CLASS.get(key.getClass());
    }

    /** Before a keyed call of {@code map}: counts only for a concurrent map. */
    static void callStart(Object map, ThreadState ts) {
        if (Channels.concurrent(map)) {
            ts.keyedCalls++;
        }
    }

    /** After a keyed call of {@code map} returned or threw. */
    static void callEnd(Object map, ThreadState ts) {
        if (ts.keyedCalls > 0 && Channels.concurrent(map) && --ts.keyedCalls == 0) {
            ts.keyComparisons = 0;
        }
    }

    /** True if a comparison starting now is the outermost one inside a keyed call; counts it. */
    static boolean start(ThreadState ts) {
        return ts.keyedCalls > 0 && ts.keyComparisons++ == 0;
    }

    /** Before a comparison returns. */
    static void end(ThreadState ts) {
        if (ts.keyedCalls > 0 && ts.keyComparisons > 0) {
            ts.keyComparisons--;
        }
    }

    /** Leaves the keyed calls (a mapping function starts); returns what {@link #resume} restores. */
    static long suspend(ThreadState ts) {
        long saved = (long) ts.keyedCalls << 32 | ts.keyComparisons & 0xFFFFFFFFL;
        ts.keyedCalls = 0;
        ts.keyComparisons = 0;
        return saved;
    }

    static void resume(ThreadState ts, long saved) {
        ts.keyedCalls = (int) (saved >>> 32);
        ts.keyComparisons = (int) saved;
    }
}
