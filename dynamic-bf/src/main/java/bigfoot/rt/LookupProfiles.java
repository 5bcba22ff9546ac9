package bigfoot.rt;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Runs the two lookups of the rewritten code, a thread's state ({@link Threads#current}) and an array's shadow
 * ({@link ArrayShadows#of}), through their hits and their misses on private instances when the engine starts, as
 * {@link ClockProfiles} does for the clocks: C2 compiles a branch its profile never saw taken into a trap, and both
 * misses come late. A thread misses its slot at its first check, and its array cache is empty: a program that starts
 * new threads for each phase (raytracer's workers, each rendering iteration) deoptimised the compiled methods they
 * ran at the first phase after C2 had compiled them. In one BF run of raytracer, its {@code trace} was compiled again
 * twice, 466 ms of C2 time, about two timed iterations' CPU.
 */
final class LookupProfiles {

    private static final int ROUNDS = 10_000;
    /** Rounds between two private thread registries: each misses its first lookup, about 20 in all. */
    private static final int ROUNDS_PER_REGISTRY = 500;
    /** More arrays than a thread's cache holds, so a lookup of the rarer ones misses it. */
    private static final int ARRAYS = 3 * ThreadState.ARRAY_CACHE_SETS;

    /**
     * What a warm-up's lookups found: the thread lookups that missed their slot and the distinct thread states, the
     * distinct array shadows and the arrays looked up.
     */
    record Outcome(int threadMisses, int threadStates, int arrayShadows, int arrays) {
    }

    private LookupProfiles() {
    }

    /**
     * Looks up the calling thread in private registries (a new one every {@value #ROUNDS_PER_REGISTRY} rounds, so its
     * first lookup misses) and arrays in a private shadow map through one private thread's cache: an array
     * looked up every round (hits) and, every third round, one of {@value #ARRAYS} others in turn (misses).
     */
    static Outcome warmUp(boolean adaptiveArrays) {
        Set<Object> states = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Object> shadows = Collections.newSetFromMap(new IdentityHashMap<>());
        Threads threads = null;
        int threadMisses = 0;
        ArrayShadows arrays = new ArrayShadows(adaptiveArrays);
        ThreadState owner = new ThreadState(0, Epoch.make(0, 1));
        Object[] some = new Object[ARRAYS + 1];
        for (int i = 0; i < some.length; i++) {
            some[i] = new int[1 + i % 4];
        }
        for (int round = 0; round < ROUNDS; round++) {
            if (round % ROUNDS_PER_REGISTRY == 0) {
                threads = new Threads(null);                   // a registry that forks nothing needs no detector
            }
            threadMisses += threads.holdsSlot(Thread.currentThread()) ? 0 : 1;
            states.add(threads.current());
            shadows.add(arrays.of(some[0], owner));
            if (round % 3 == 0) {
                shadows.add(arrays.of(some[1 + round / 3 % ARRAYS], owner));
            }
        }
        return new Outcome(threadMisses, states.size(), shadows.size(), some.length);
    }
}
