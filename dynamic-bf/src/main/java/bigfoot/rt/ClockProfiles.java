package bigfoot.rt;

import java.util.List;

/**
 * Reads every shape a {@link VectorClock} can take (no entries, the root leaf and past it, a trie with an overlay of
 * the entries set last, a trie leaf shorter than the tid asked for) a few thousand times when the engine starts, so
 * that {@link VectorClock#get}'s profile has seen its call of the other shapes taken before C2 compiles the program's
 * methods, into nearly every one of which {@code get} is inlined. C2 compiles a branch its profile never saw taken into a trap: without this, a
 * run's first clock past {@value VectorClock#WIDTH} threads (a trie) or with an overlay deoptimised every compiled
 * method holding a copy of {@code get}, to be compiled again. Measured on lucene's benchmark: about 80 of its 200
 * deoptimisations, and recompilations worth most of C2's time (which is about half the run's CPU time).
 */
final class ClockProfiles {

    private static final int ROUNDS = 10_000;

    /** The clocks of each shape, each with the tids it is read at and what they read as. */
    record Reading(VectorClock clock, int[] tids, long[] epochs) {
    }

    private ClockProfiles() {
    }

    /** Reads each of {@link #shapes()} {@value #ROUNDS} times; returns a sum, so the reads are not dead code. */
    static long warmUp() {
        List<Reading> readings = shapes();
        long sum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            for (Reading r : readings) {
                sum += r.clock().get(r.tids()[round % r.tids().length]);
            }
        }
        return sum;
    }

    /** One clock of each shape, with the tids to read and their epochs. */
    static List<Reading> shapes() {
        VectorClock empty = new VectorClock();
        VectorClock leaf = new VectorClock();
        leaf.set(3, Epoch.make(3, 5));
        VectorClock trie = new VectorClock();
        for (int t = 0; t < 70; t++) {
            trie.set(t, Epoch.make(t, 2));
        }
        VectorClock overlaid = trie.snapshot();                      // shares trie's root: a set goes to an overlay
        overlaid.set(9, Epoch.make(9, 8));
        return List.of(
                new Reading(empty, new int[] {0, 2}, new long[] {Epoch.make(0, 0), Epoch.make(2, 0)}),
                new Reading(leaf, new int[] {3, 1, 30}, new long[] {Epoch.make(3, 5), Epoch.make(1, 0),
                        Epoch.make(30, 0)}),
                new Reading(trie, new int[] {5, 40, 69, 90}, new long[] {Epoch.make(5, 2), Epoch.make(40, 2),
                        Epoch.make(69, 2), Epoch.make(90, 0)}),
                new Reading(overlaid, new int[] {9, 7, 50}, new long[] {Epoch.make(9, 8), Epoch.make(7, 2),
                        Epoch.make(50, 2)}));
    }
}
