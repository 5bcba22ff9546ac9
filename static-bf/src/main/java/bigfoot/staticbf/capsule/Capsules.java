package bigfoot.staticbf.capsule;

import bigfoot.staticbf.analysis.ElidedAccesses;
import bigfoot.staticbf.analysis.MethodKey;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The capsule classes of a run (the BigFoot dissertation, chapter 5) and their own fields: the non-final, non-volatile
 * instance fields each declares ({@link CapsuleCandidates}). Such fields get no shadows of their own: they are one
 * location per object, its capsule location, which an activation (an instance method of the class or a subclass, on
 * {@code this}) checks once per stretch with no release in it, and every other access checks where a field check goes.
 *
 * @param ownFields capsule class (internal name) -> its own fields' names
 * @param accesses  the bytecode indices of the activations' own-field and protected-array element accesses and of
 *                  the element reads of another object's protected array that the check of its {@code getfield}
 *                  covers, by method: what capsule checks cover and the analyses must not treat as accesses
 * @param elements  the activations' element accesses of protected arrays, and their calls handing one to a filler
 *                  that only reads it ({@link ProtectedArrays}): per method, bytecode index -> the capsule class whose
 *                  location covers it
 * @param callsOnThis per instance method that accesses an own field on {@code this}, the bytecode indices of its calls
 *                  whose receiver is {@code this}: where an activation can hand its check to a nested one
 * @param copierWrites the activations' JDK copies into a protected array ({@link ProtectedArrays}): per method,
 *                  bytecode index -> the capsule class whose location they write
 * @param copiedOut the capsules whose protected reference arrays' elements may be copied into other arrays
 *                  ({@link ProtectedArrays}): the elements stored into them do not stay with the capsule
 */
public record Capsules(Map<String, Set<String>> ownFields, ElidedAccesses accesses,
        Map<MethodKey, Map<Integer, String>> elements, Map<MethodKey, Set<Integer>> callsOnThis,
        Map<MethodKey, Map<Integer, String>> copierWrites, Set<String> copiedOut) {

    public static final Capsules NONE = new Capsules(Map.of(), ElidedAccesses.NONE, Map.of(), Map.of(), Map.of(),
            Set.of());

    /** The bytecode indices of a method's calls on {@code this}, if it accesses an own field on {@code this}. */
    public Set<Integer> callsOnThis(String classInternalName, String nameAndDescriptor) {
        return callsOnThis.getOrDefault(new MethodKey(classInternalName, nameAndDescriptor), Set.of());
    }

    /** The capsule class whose location covers the element access (or filler call) at {@code bci} of a method, or null. */
    public String elementCapsule(String classInternalName, String nameAndDescriptor, int bci) {
        return elements.getOrDefault(new MethodKey(classInternalName, nameAndDescriptor), Map.of()).get(bci);
    }

    /** The capsule class whose protected array the JDK copy at {@code bci} of a method writes, or null. */
    public String copierWriteCapsule(String classInternalName, String nameAndDescriptor, int bci) {
        return copierWrites.getOrDefault(new MethodKey(classInternalName, nameAndDescriptor), Map.of()).get(bci);
    }

    /**
     * True if what capsule {@code classInternalName}'s activations store into its protected arrays stays with it: no
     * copy takes their elements elsewhere.
     */
    public boolean keepsElements(String classInternalName) {
        return !copiedOut.contains(classInternalName);
    }

    public boolean isCapsule(String classInternalName) {
        return ownFields.containsKey(classInternalName);
    }

    /** True if {@code field} is an own field of capsule class {@code classInternalName}. */
    public boolean isOwnField(String classInternalName, String field) {
        return ownFields.getOrDefault(classInternalName, Set.of()).contains(field);
    }

    public int size() {
        return ownFields.size();
    }

    /** All this says, in a text that is equal for equal selections. */
    public String describe() {
        return sorted(ownFields) + " " + sorted(accesses.byMethod()) + " " + sorted(elements) + " " + sorted(callsOnThis)
                + " " + sorted(copierWrites) + " " + sorted(copiedOut);
    }

    /** {@code value} with its maps' entries and its sets' elements in the order of their texts. */
    private static String sorted(Object value) {
        if (value instanceof Map<?, ?> map) {
            TreeMap<String, String> entries = new TreeMap<>();
            map.forEach((k, v) -> entries.put(sorted(k), sorted(v)));
            return entries.toString();
        }
        if (value instanceof Set<?> set) {
            TreeSet<String> elements = new TreeSet<>();
            set.forEach(e -> elements.add(sorted(e)));
            return elements.toString();
        }
        return String.valueOf(value);
    }
}
