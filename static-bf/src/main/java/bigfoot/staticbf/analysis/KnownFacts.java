package bigfoot.staticbf.analysis;

import com.ibm.wala.classLoader.IClass;
import java.util.BitSet;
import java.util.Set;

/**
 * Pass 1's facts at a point (must, forward): SSA values certainly non-null (dereferenced, allocated, or
 * {@code this}), array elements {@code a[i]} (value numbers) certainly in bounds (accessed before), the
 * application classes whose initialisation has certainly completed or is in progress in this thread, and those
 * the runtime has certainly ordered this thread after (a static field of theirs was accessed).
 */
final class KnownFacts {

    // copy on write, as LocationFacts: a copy shares its original's sets until either side changes (own()); the sets
    // are bits over value numbers, and over one method's numbering of elements and of classes, which copies share
    private BitSet nonNull;
    private BitSet inBounds;
    private BitSet initialized;
    private BitSet joined;
    /** True while another KnownFacts may hold these sets too. */
    private boolean shared;
    /** {@code a[i]} as {@code (a << 32) | i}. */
    private final Numbering<Long> elements;
    private final Numbering<IClass> classes;

    private KnownFacts(BitSet nonNull, BitSet inBounds, BitSet initialized, BitSet joined, Numbering<Long> elements,
            Numbering<IClass> classes) {
        this.nonNull = nonNull;
        this.inBounds = inBounds;
        this.initialized = initialized;
        this.joined = joined;
        this.elements = elements;
        this.classes = classes;
    }

    static KnownFacts entry(int thisValue) {
        BitSet nonNull = new BitSet();
        if (thisValue > 0) {
            nonNull.set(thisValue);
        }
        return new KnownFacts(nonNull, new BitSet(), new BitSet(), new BitSet(), new Numbering<>(), new Numbering<>());
    }

    KnownFacts copy() {
        KnownFacts copy = new KnownFacts(nonNull, inBounds, initialized, joined, elements, classes);
        copy.shared = true;
        shared = true;
        return copy;
    }

    /** Before a change: this side's own sets from now on. */
    private void own() {
        if (shared) {
            nonNull = (BitSet) nonNull.clone();
            inBounds = (BitSet) inBounds.clone();
            initialized = (BitSet) initialized.clone();
            joined = (BitSet) joined.clone();
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
        inBounds.and(other.inBounds);
        initialized.and(other.initialized);
        joined.and(other.joined);
    }

    /** Forgets what it knew about {@code values} (a phi redefines them on the way into its block). */
    void forget(Set<Integer> values) {
        own();
        values.forEach(nonNull::clear);
        for (int n = inBounds.nextSetBit(0); n >= 0; n = inBounds.nextSetBit(n + 1)) {
            long e = elements.get(n);
            if (values.contains((int) (e >>> 32)) || values.contains((int) e)) {
                inBounds.clear(n);
            }
        }
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
        return has(inBounds, elements.find(element(array, index)));
    }

    void inBounds(int array, int index) {
        int n = elements.number(element(array, index));
        if (!inBounds.get(n)) {
            own();
            inBounds.set(n);
        }
    }

    boolean isInitialized(IClass c) {
        return has(initialized, classes.find(c));
    }

    void initialized(IClass c) {
        int n = classes.number(c);
        if (!initialized.get(n)) {
            own();
            initialized.set(n);
        }
    }

    boolean isJoined(IClass c) {
        return has(joined, classes.find(c));
    }

    void joined(IClass c) {
        int n = classes.number(c);
        if (!joined.get(n)) {
            own();
            joined.set(n);
        }
    }

    private static boolean has(BitSet set, int n) {
        return n >= 0 && set.get(n);
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
