package bigfoot.staticbf.analysis;

import java.util.Map;
import java.util.Set;

/**
 * The calls, allocations and static field accesses that cannot change the running thread's epoch, by method
 * (bytecode indices): no release in their kill sets ([Call]), and no first initialisation of an application class,
 * whose rewritten {@code <clinit>} ends with a release (CLASS INIT). A capsule's stretch goes on past them.
 */
public record ReleaseFree(Map<MethodKey, Set<Integer>> byMethod) {

    public static final ReleaseFree NONE = new ReleaseFree(Map.of());

    public Set<Integer> of(String classInternalName, String nameAndDescriptor) {
        return byMethod.getOrDefault(new MethodKey(classInternalName, nameAndDescriptor), Set.of());
    }
}
