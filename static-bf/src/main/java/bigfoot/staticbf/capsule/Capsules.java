package bigfoot.staticbf.capsule;

import bigfoot.staticbf.analysis.ElidedAccesses;
import java.util.Map;
import java.util.Set;

/**
 * The capsule classes of a run (the BigFoot dissertation, chapter 5) and their own fields: the non-final, non-volatile
 * instance fields each declares, which only its instance methods touch, on {@code this} ({@link Encapsulation}). Such
 * a field gets no shadow and its accesses no check: each activation of the class's methods on an object checks the
 * object's one capsule word instead (at its first access to an own field) and records its exit.
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
