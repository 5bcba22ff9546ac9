package bigfoot.rt.trace;

import java.util.HashMap;
import java.util.Map;

/**
 * Which acquires and releases of re-entrant locks are events for a {@link Detector}: a lock's acquire by the thread
 * that holds it, and its matching release, are not, nor is a release by a thread that does not hold the lock.
 */
public final class Reentrancy<L> {

    /** Per lock: the thread holding it (-1: none) and how many times it acquired it. */
    private final Map<L, int[]> holders = new HashMap<>();

    /** True if {@code thread}'s acquire of {@code lock} is an event (it did not hold the lock). */
    public boolean acquire(int thread, L lock) {
        int[] holder = holders.computeIfAbsent(lock, k -> new int[] {-1, 0});
        if (holder[0] == thread) {
            holder[1]++;
            return false;
        }
        holder[0] = thread;
        holder[1] = 1;
        return true;
    }

    /** True if {@code thread}'s release of {@code lock} is an event (its outermost release of a lock it holds). */
    public boolean release(int thread, L lock) {
        int[] holder = holders.get(lock);
        if (holder == null || holder[0] != thread || --holder[1] > 0) {
            return false;
        }
        holder[0] = -1;
        return true;
    }
}
