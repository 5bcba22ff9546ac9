package bigfoot.staticbf.analysis;

import java.util.Map;
import java.util.Set;

/** The accesses an analysis leaves unchecked whatever the placement ({@code --elide}), by method: bytecode indices. */
public record ElidedAccesses(Map<MethodKey, Set<Integer>> byMethod) {

    public static final ElidedAccesses NONE = new ElidedAccesses(Map.of());

    public Set<Integer> of(String classInternalName, String nameAndDescriptor) {
        return byMethod.getOrDefault(new MethodKey(classInternalName, nameAndDescriptor), Set.of());
    }
}
