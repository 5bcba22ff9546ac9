package bigfoot.staticbf.analysis;

import com.ibm.wala.types.FieldReference;
import java.util.Map;
import java.util.Set;

/**
 * A location whose check the red-card analysis tracks, named by SSA value numbers of one method's IR
 * (equal value numbers are equal values, so equal locations are the same memory at run time).
 */
sealed interface CheckedLocation {

    /** True if the location is named with one of {@code values}. */
    default boolean mentions(Set<Integer> values) {
        if (this instanceof InstanceField f) {
            return values.contains(f.receiver());
        } else if (this instanceof ArrayElement e) {
            return values.contains(e.array()) || values.contains(e.index());
        } else if (this instanceof ArrayRange r) {
            return values.contains(r.array()) || values.contains(r.begin()) || values.contains(r.end());
        } else if (this instanceof CoalescedRange r) {
            return values.contains(r.array()) || values.contains(r.begin()) || values.contains(r.end());
        } else if (this instanceof IfLoopRan g) {
            return g.location().mentions(values) || values.contains(g.begin()) || values.contains(g.end());
        }
        return false;
    }

    /** An access's location with its values renamed by {@code names} (value -> other name; values not in it keep theirs). */
    default CheckedLocation renamed(Map<Integer, Integer> names) {
        if (this instanceof InstanceField f) {
            return new InstanceField(names.getOrDefault(f.receiver(), f.receiver()), f.field());
        } else if (this instanceof ArrayElement e) {
            return new ArrayElement(names.getOrDefault(e.array(), e.array()), names.getOrDefault(e.index(), e.index()));
        }
        return this; // a static field; ranges are made by the analysis from renamed elements
    }

    /** {@code receiver.field}, the field as resolved (not as the instruction names it). */
    record InstanceField(int receiver, FieldReference field) implements CheckedLocation {
    }

    /** A static field, as resolved. */
    record StaticField(FieldReference field) implements CheckedLocation {
    }

    /** {@code array[index]}. */
    record ArrayElement(int array, int index) implements CheckedLocation {
    }

    /**
     * {@code array[scale*begin+offset..scale*end+offset:stride)}: the elements a loop accessed so far ({@code end}
     * is an induction variable, which starts at {@code begin} and grows by {@code stride / scale} per iteration; the
     * index is {@code scale * end + offset}).
     */
    record ArrayRange(int array, int begin, int end, int offset, int stride, int scale) implements CheckedLocation {
    }

    /**
     * {@code array[scale*begin+offset..scale*end+endOffset)}: ranges of one loop with several offsets, coalesced
     * into one ({@link RangeCoalescing}), exact only if the loop ran, so wrapped in an {@link IfLoopRan}; or, not
     * wrapped, a run of elements {@code array[begin..end]} ({@link ElementRuns}: begin and end are the first and
     * last accessed indices, offset 0, endOffset 1, scale 1).
     */
    record CoalescedRange(int array, int begin, int end, int offset, int endOffset, int scale) implements CheckedLocation {
    }

    /**
     * {@code location}, accessed if a loop ran at least once: its induction variable {@code end} moved away from
     * its first value {@code begin} (the paper gets this by rotating loops into {@code if (c) do ... while (c)}).
     */
    record IfLoopRan(CheckedLocation location, int begin, int end) implements CheckedLocation {
    }
}
