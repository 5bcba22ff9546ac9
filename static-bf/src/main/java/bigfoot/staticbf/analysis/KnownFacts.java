package bigfoot.staticbf.analysis;

import com.ibm.wala.classLoader.IClass;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;

/**
 * Pass 1's facts at a point (must, forward): SSA values certainly non-null (dereferenced, allocated, or
 * {@code this}), array elements {@code a[i]} (value numbers) certainly in bounds (accessed before), the
 * application classes whose initialisation has certainly completed or is in progress in this thread, and those
 * the runtime has certainly ordered this thread after (a static field of theirs was accessed).
 */
final class KnownFacts {

    // copy on write, as LocationFacts: a copy shares its original's sets until either side changes (own())
    private BitSet nonNull;
    private Set<Long> inBounds;
    private Set<IClass> initialized;
    private Set<IClass> joined;
    /** True while another KnownFacts may hold these sets too. */
    private boolean shared;

    private KnownFacts(BitSet nonNull, Set<Long> inBounds, Set<IClass> initialized, Set<IClass> joined) {
        this.nonNull = nonNull;
        this.inBounds = inBounds;
        this.initialized = initialized;
        this.joined = joined;
    }

    static KnownFacts entry(int thisValue) {
        BitSet nonNull = new BitSet();
        if (thisValue > 0) {
            nonNull.set(thisValue);
        }
        return new KnownFacts(nonNull, new HashSet<>(), new HashSet<>(), new HashSet<>());
    }

    KnownFacts copy() {
        KnownFacts copy = new KnownFacts(nonNull, inBounds, initialized, joined);
        copy.shared = true;
        shared = true;
        return copy;
    }

    /** Before a change: this side's own sets from now on. */
    private void own() {
        if (shared) {
            nonNull = (BitSet) nonNull.clone();
            inBounds = new HashSet<>(inBounds);
            initialized = new HashSet<>(initialized);
            joined = new HashSet<>(joined);
            shared = false;
        }
    }

    void meet(KnownFacts other) {
        if (other.nonNull == nonNull && other.inBounds == inBounds && other.initialized == initialized
                && other.joined == joined) {
            return;
        }
        own();
        nonNull.and(other.nonNull);
        inBounds.retainAll(other.inBounds);
        initialized.retainAll(other.initialized);
        joined.retainAll(other.joined);
    }

    /** Forgets what it knew about {@code values} (a phi redefines them on the way into its block). */
    void forget(Set<Integer> values) {
        own();
        values.forEach(nonNull::clear);
        inBounds.removeIf(e -> values.contains((int) (e >>> 32)) || values.contains((int) (long) e));
    }

    boolean isNonNull(int value) {
        return value > 0 && nonNull.get(value);
    }

    void nonNull(int value) {
        if (value > 0 && !nonNull.get(value)) {
            own();
            nonNull.set(value);
        }
    }

    boolean isInBounds(int array, int index) {
        return inBounds.contains(element(array, index));
    }

    void inBounds(int array, int index) {
        if (!isInBounds(array, index)) {
            own();
            inBounds.add(element(array, index));
        }
    }

    boolean isInitialized(IClass c) {
        return initialized.contains(c);
    }

    void initialized(IClass c) {
        if (!initialized.contains(c)) {
            own();
            initialized.add(c);
        }
    }

    boolean isJoined(IClass c) {
        return joined.contains(c);
    }

    void joined(IClass c) {
        if (!joined.contains(c)) {
            own();
            joined.add(c);
        }
    }

    private static long element(int array, int index) {
        return ((long) array << 32) | (index & 0xffffffffL);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KnownFacts k && nonNull.equals(k.nonNull) && inBounds.equals(k.inBounds)
                && initialized.equals(k.initialized) && joined.equals(k.joined);
    }

    @Override
    public int hashCode() {
        return nonNull.hashCode();
    }
}
