package bigfoot.staticbf.jdk;

import java.util.regex.Pattern;

/**
 * The program's methods a concurrent collection calls back to compare its keys or elements: {@code equals(Object)}, a
 * Comparable's {@code compareTo} and a Comparator's {@code compare} (and the methods its Comparator lambdas run, which
 * the rewriter finds). Inside a concurrent collection's call that compares (the model's {@code KEYED_*},
 * {@code COMPARED_*}, {@code MAPPING} and {@code MERGE} events), the outermost of them acquires at entry from the two
 * objects it compares, which the runtime orders after their insertion: the call found a stored key by reading what its
 * insertion wrote (java.util.concurrent's memory consistency), and the comparison reads that key's fields. Outside
 * such a call they do nothing, so the analysis gives them no side: the bracketed call is the acquire it sees.
 */
public final class KeyComparison {

    private static final String OBJECT = "Ljava/lang/Object;";
    private static final String REFERENCE = "(?:L[^;]+;|\\[+(?:L[^;]+;|[ZBCSIJFD]))";
    private static final Pattern ONE_REFERENCE_TO_INT = Pattern.compile("\\(" + REFERENCE + "\\)I");
    private static final Pattern TWO_REFERENCES_TO_INT = Pattern.compile("\\(" + REFERENCE + REFERENCE + "\\)I");

    private KeyComparison() {
    }

    /**
     * The local slots of the two objects {@code owner.name desc} compares (the receiver and the argument, or a
     * comparator's two arguments), or null if it is not a key comparison.
     */
    public static int[] comparedSlots(String owner, String name, String desc, boolean isStatic, Types types) {
        if (isStatic) {
            return null;
        }
        if (name.equals("equals") && desc.equals("(" + OBJECT + ")Z")) {
            return new int[] {0, 1};
        }
        if (name.equals("compareTo") && ONE_REFERENCE_TO_INT.matcher(desc).matches()
                && types.isSubtypeOf(owner, "java/lang/Comparable")) {
            return new int[] {0, 1};
        }
        if (name.equals("compare") && TWO_REFERENCES_TO_INT.matcher(desc).matches()
                && types.isSubtypeOf(owner, "java/util/Comparator")) {
            return new int[] {1, 2};
        }
        return null;
    }
}
