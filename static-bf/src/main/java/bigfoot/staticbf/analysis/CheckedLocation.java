package bigfoot.staticbf.analysis;

import com.ibm.wala.types.FieldReference;

/**
 * A location whose check the red-card analysis tracks, named by SSA value numbers of one method's IR
 * (equal value numbers are equal values, so equal locations are the same memory at run time).
 */
sealed interface CheckedLocation {

    /** {@code receiver.field}, the field as resolved (not as the instruction names it). */
    record InstanceField(int receiver, FieldReference field) implements CheckedLocation {
    }

    /** A static field, as resolved. */
    record StaticField(FieldReference field) implements CheckedLocation {
    }

    /** {@code array[index]}. */
    record ArrayElement(int array, int index) implements CheckedLocation {
    }
}
