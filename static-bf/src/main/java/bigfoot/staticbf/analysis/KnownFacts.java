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

    private final BitSet nonNull;
    private final Set<Long> inBounds;
    private final Set<IClass> initialized;
    private final Set<IClass> joined;

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
        return new KnownFacts((BitSet) nonNull.clone(), new HashSet<>(inBounds), new HashSet<>(initialized),
                new HashSet<>(joined));
    }

    void meet(KnownFacts other) {
        nonNull.and(other.nonNull);
        inBounds.retainAll(other.inBounds);
        initialized.retainAll(other.initialized);
        joined.retainAll(other.joined);
    }

    /** Forgets what it knew about {@code values} (a phi redefines them on the way into its block). */
    void forget(Set<Integer> values) {
        values.forEach(nonNull::clear);
        inBounds.removeIf(e -> values.contains((int) (e >>> 32)) || values.contains((int) (long) e));
    }

    boolean isNonNull(int value) {
        return value > 0 && nonNull.get(value);
    }

    void nonNull(int value) {
        if (value > 0) {
            nonNull.set(value);
        }
    }

    boolean isInBounds(int array, int index) {
        return inBounds.contains(element(array, index));
    }

    void inBounds(int array, int index) {
        inBounds.add(element(array, index));
    }

    boolean isInitialized(IClass c) {
        return initialized.contains(c);
    }

    void initialized(IClass c) {
        initialized.add(c);
    }

    boolean isJoined(IClass c) {
        return joined.contains(c);
    }

    void joined(IClass c) {
        joined.add(c);
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
