package bigfoot.staticbf.jdk;

import java.util.Map;
import java.util.Set;

/**
 * JDK methods that copy from or into the primitive arrays they are given and keep no reference to them
 * ({@code System.arraycopy} keeps its arrays whatever their type): passing an array to one hands it to nobody.
 */
public final class ArrayCopiers {

    private static final String SYSTEM = "java/lang/System";
    private static final Map<String, Set<String>> COPIERS = Map.of(
            SYSTEM, Set.of("arraycopy"),
            "java/util/Arrays", Set.of("fill", "copyOf", "copyOfRange", "equals", "hashCode", "sort", "binarySearch",
                    "mismatch", "compare"),
            "java/lang/String", Set.of("<init>", "valueOf", "copyValueOf"),
            "java/lang/StringBuilder", Set.of("append", "insert"),
            "java/lang/StringBuffer", Set.of("append", "insert"));

    private ArrayCopiers() {
    }

    /**
     * True if method {@code name} of JDK class {@code owner} (internal name) keeps its argument of type
     * {@code parameterDescriptor} to itself.
     */
    public static boolean keeps(String owner, String name, String parameterDescriptor) {
        if (!COPIERS.getOrDefault(owner, Set.of()).contains(name)) {
            return false;
        }
        return owner.equals(SYSTEM) || parameterDescriptor.length() == 2 && parameterDescriptor.charAt(0) == '[';
    }

    /**
     * True if copier {@code name} of {@code owner} may write the elements of its argument {@code argument} (0 for the
     * first): {@code System.arraycopy}'s destination, and what {@code Arrays.fill} and {@code Arrays.sort} are given.
     * The others only read the arrays they keep to themselves.
     */
    public static boolean writes(String owner, String name, int argument) {
        return owner.equals(SYSTEM) ? argument == 2
                : owner.equals("java/util/Arrays") && (name.equals("fill") || name.equals("sort"));
    }
}
