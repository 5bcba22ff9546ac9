package bigfoot.rt;

import java.util.HashMap;
import java.util.Map;

/**
 * Shadows of fields declared in classes that are not rewritten (the JDK, unprocessed libraries): a weak
 * identity map from the object (or, for a static field, its declaring Class) to a per-object table
 * from field name to shadow.
 */
final class ForeignShadows {

    private final WeakIdentityMap<Map<String, VarState>> byOwner = new WeakIdentityMap<>();
    private final ClassInits classInits;

    ForeignShadows(ClassInits classInits) {
        this.classInits = classInits;
    }

    /** The shadow of {@code field} of {@code objOrClass}, or null if objOrClass is null (the access will throw). */
    VarState of(Object objOrClass, String field) {
        if (objOrClass == null) {
            return null;
        }
        Map<String, VarState> fields = byOwner.entry(objOrClass, k -> new HashMap<>(4)).value;
        synchronized (fields) {
            VarState s = fields.get(field);
            if (s == null) {
                s = objOrClass instanceof Class<?> c ? new StaticVarState(classInits.of(c)) : new VarState();
                fields.put(field, s);
            }
            return s;
        }
    }
}
