package bigfoot.staticbf.hierarchy;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Resolves field references to their declaring class as the JVM does (JVMS 5.4.3.2). Safe for several threads. */
public final class FieldResolver {

    private final ClassHierarchy hierarchy;
    private final Map<String, Optional<ResolvedField>> cache = new ConcurrentHashMap<>();

    public FieldResolver(ClassHierarchy hierarchy) {
        this.hierarchy = hierarchy;
    }

    /** The declaring class of {@code owner.name:descriptor}, or empty if a class on the way is missing. */
    public Optional<ResolvedField> resolve(String owner, String name, String descriptor) {
        return cache.computeIfAbsent(owner + '.' + name + ':' + descriptor,
                k -> Optional.ofNullable(lookup(owner, name, descriptor)));
    }

    // JVMS 5.4.3.2 field lookup: the class itself, then its direct superinterfaces (recursively, in
    // declaration order), then its superclass (recursively).
    private ResolvedField lookup(String className, String name, String descriptor) {
        ClassInfo c = hierarchy.find(className);
        if (c == null) {
            return null;
        }
        FieldInfo f = c.field(name, descriptor);
        if (f != null) {
            return new ResolvedField(c, f);
        }
        for (String itf : c.interfaces()) {
            ResolvedField r = lookup(itf, name, descriptor);
            if (r != null) {
                return r;
            }
        }
        return c.superName() == null ? null : lookup(c.superName(), name, descriptor);
    }
}
