package bigfoot.staticbf.capsule;

import bigfoot.staticbf.analysis.ElidedAccesses;
import java.util.Map;
import java.util.Set;

/**
 * The capsule classes of a run (the BigFoot dissertation, chapter 5) and their own fields: the non-final, non-volatile
 * instance fields each declares, which only instance methods of it and its subclasses touch, on {@code this}
 * ({@link Encapsulation}). Such fields get no shadows and their accesses no checks of their own: they are one location
 * per object, checked once per stretch of a method with no release in it.
 *
 * @param ownFields capsule class (internal name) -> its own fields' names
 * @param accesses  the bytecode indices of the own-field accesses, by method: what the analyses must not treat as
 *                  accesses
 */
public record Capsules(Map<String, Set<String>> ownFields, ElidedAccesses accesses) {

    public static final Capsules NONE = new Capsules(Map.of(), ElidedAccesses.NONE);

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
}
