package bigfoot.staticbf.analysis;

import java.util.Arrays;
import java.util.BitSet;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * A must-set of facts about locations, each with its kind (a write fact is stronger than a read fact,
 * the BigFoot dissertation, section 3.5.1) and, for past accesses, a representative access (instruction index) of that
 * kind: the past accesses {@code p◁}, the anticipated accesses {@code p◇} or the past checks {@code p✓}
 * of the BigFoot passes.
 *
 * <p>The facts of one method are bits over the numbers of its locations ({@link Numbering}): which locations have a
 * fact, which of those facts are writes, and an array of representative accesses. Meets, copies and comparisons, which the fixed
 * points make at every block and edge, are then word operations and array copies, not hash-map copies.
 */
final class LocationFacts {

    /** {@code write} true for a write fact; {@code access} the instruction index of an access of that kind, or -1. */
    record Fact(boolean write, int access) {
    }

    private final Numbering<CheckedLocation> locations;
    // copy on write: a copy shares its original's sets and accesses until either side changes, and the side that
    // changes first takes its own (own()). Most copies are the per-instruction states kept for placement, and most
    // instructions change nothing. Only bits in `present` mean anything in `writes` and `accesses`.
    private BitSet present;
    private BitSet writes;
    private int[] accesses;
    /** True while another LocationFacts may hold these sets too. */
    private boolean shared;

    private LocationFacts(Numbering<CheckedLocation> locations, BitSet present, BitSet writes, int[] accesses) {
        this.locations = locations;
        this.present = present;
        this.writes = writes;
        this.accesses = accesses;
    }

    /** No fact yet, about the locations {@code locations} numbers (one method's). */
    static LocationFacts none(Numbering<CheckedLocation> locations) {
        return new LocationFacts(locations, new BitSet(), new BitSet(), new int[0]);
    }

    LocationFacts copy() {
        LocationFacts copy = new LocationFacts(locations, present, writes, accesses);
        copy.shared = true;
        shared = true;
        return copy;
    }

    /** Before a change: this side's own sets from now on, with room for location {@code n}. */
    private void own(int n) {
        if (shared) {
            present = (BitSet) present.clone();
            writes = (BitSet) writes.clone();
            accesses = Arrays.copyOf(accesses, Math.max(accesses.length, n + 1));
            shared = false;
        } else if (n >= accesses.length) {
            accesses = Arrays.copyOf(accesses, Math.max(n + 1, 2 * accesses.length));
        }
    }

    /** MEET: the facts both sides entail, at the weaker kind (with a representative access of that kind). */
    void meet(LocationFacts other) {
        if (other.present == present && other.writes == writes && other.accesses == accesses) {
            return;
        }
        own(-1);
        present.and(other.present);
        for (int n = present.nextSetBit(0); n >= 0; n = present.nextSetBit(n + 1)) {
            boolean mine = writes.get(n);
            if (mine != other.writes.get(n)) {
                if (mine) {
                    writes.clear(n);
                    accesses[n] = other.accesses[n];
                }
            } else {
                accesses[n] = Math.min(accesses[n], other.accesses[n]);
            }
        }
    }

    /**
     * This state, with each fact that {@code previous} (null: none) holds at the same kind naming the earlier of the
     * two representative accesses: between two visits of a block, a location's representative may only move to an
     * earlier access. The representative is a name, not a fact: a placement edge checks a location it has not checked
     * yet with the past access's representative, and keeps the one of a location already checked, which is not
     * monotone in the representative, so without this the fixed point could cycle between two representatives
     * (derby's {@code SQLChar.getCollationKey} did: a loop after a call that releases).
     */
    LocationFacts settle(LocationFacts previous) {
        if (previous == null) {
            return this;
        }
        for (int n = present.nextSetBit(0); n >= 0; n = present.nextSetBit(n + 1)) {
            if (previous.present.get(n) && previous.writes.get(n) == writes.get(n) && previous.accesses[n] < accesses[n]) {
                own(-1);
                accesses[n] = previous.accesses[n];
            }
        }
        return this;
    }

    /** Adds a fact of {@code write}'s kind (keeping a stronger one). */
    void add(CheckedLocation location, boolean write, int access) {
        int n = locations.number(location);
        if (!present.get(n) || write && !writes.get(n)) {
            own(n);
            present.set(n);
            writes.set(n, write);
            accesses[n] = access;
        }
    }

    /** True if this entails a fact of {@code write}'s kind about {@code location}. */
    boolean entails(CheckedLocation location, boolean write) {
        int n = locations.find(location);
        return n >= 0 && present.get(n) && (!write || writes.get(n));
    }

    /**
     * Each fact that {@code other} (of the same method) does not entail at its kind, in the order the method's analysis
     * first met their locations: what a past-access set owes beyond a past-check set.
     */
    void forEachBeyond(LocationFacts other, BiConsumer<CheckedLocation, Fact> action) {
        BitSet beyond = (BitSet) present.clone();
        BitSet covered = (BitSet) writes.clone();    // a write needs a write fact
        covered.flip(0, Math.max(covered.length(), present.length()));
        covered.or(other.writes);
        covered.and(other.present);
        beyond.andNot(covered);
        for (int n = beyond.nextSetBit(0); n >= 0; n = beyond.nextSetBit(n + 1)) {
            action.accept(locations.get(n), new Fact(writes.get(n), accesses[n]));
        }
    }

    void clear() {
        if (!present.isEmpty()) {
            present = new BitSet();
            writes = new BitSet();
            accesses = new int[0];
            shared = false;
        }
    }

    void removeIf(Predicate<CheckedLocation> condition) {
        for (int n = present.nextSetBit(0); n >= 0; n = present.nextSetBit(n + 1)) {
            if (condition.test(locations.get(n))) {
                own(-1);
                present.clear(n);
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LocationFacts f) || !present.equals(f.present)) {
            return false;
        }
        for (int n = present.nextSetBit(0); n >= 0; n = present.nextSetBit(n + 1)) {
            if (writes.get(n) != f.writes.get(n) || accesses[n] != f.accesses[n]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return present.hashCode();
    }
}
