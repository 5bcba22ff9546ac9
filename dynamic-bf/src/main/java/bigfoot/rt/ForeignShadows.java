package bigfoot.rt;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Shadows of fields declared in classes that are not rewritten (the JDK, unprocessed libraries): for an
 * instance field, a weak identity map from the object to a per-object table from field name to shadow;
 * for a static field, a table keyed by the field's full name {@code pkg.Declaring.f} alone, because the
 * Class the rewriter can name is sometimes a subclass of the declaring class (the declaring one may not
 * be accessible from the accessing code), and every access to one static must meet one shadow.
 */
final class ForeignShadows {

    private final WeakIdentityMap<Map<String, VarState>> byOwner = new WeakIdentityMap<>();
    private final ConcurrentHashMap<String, VarState> statics = new ConcurrentHashMap<>();
    private final ClassInits classInits;

    ForeignShadows(ClassInits classInits) {
        this.classInits = classInits;
    }

    /** The shadow of {@code field} of {@code objOrClass}, or null if objOrClass is null (the access will throw). */
    VarState of(Object objOrClass, String field) {
        if (objOrClass == null) {
            return null;
        }
        if (objOrClass instanceof Class<?> c) {
            VarState known = statics.get(field); // the common case, without allocating the factory below
            return known != null ? known : statics.computeIfAbsent(field, k -> new StaticVarState(classInits.of(c)));
        }
        Map<String, VarState> fields = byOwner.entry(objOrClass, k -> new HashMap<>(4)).value;
        synchronized (fields) {
            VarState s = fields.get(field);
            if (s == null) {
                s = new VarState();
                fields.put(field, s);
            }
            return s;
        }
    }
}
