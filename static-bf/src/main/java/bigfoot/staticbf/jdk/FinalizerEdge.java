package bigfoot.staticbf.jdk;

import java.util.function.BooleanSupplier;

/**
 * The Java memory model's finalizer edge (JLS 17.4.5: "There is a happens-before edge from the end of a constructor
 * of an object to the start of a finalizer (§12.6) for that object"), as the rewriter emits it and the analysis
 * reads it. A class has a finalizer if it or a superclass other than {@code java.lang.Object} declares
 * {@code finalize()}. Every constructor of such a class releases into its object before each of its returns, and
 * every {@code finalize()} acquires from its object at entry: the JVM's finalizer thread runs it with no other
 * happens-before edge to the program. A {@code finalize()} the program calls itself (a subclass's
 * {@code super.finalize()}) acquires too, which orders its thread after the constructor as well.
 */
public final class FinalizerEdge {

    public static final String FINALIZE = "finalize";
    public static final String FINALIZE_DESCRIPTOR = "()V";

    private FinalizerEdge() {
    }

    /**
     * The side the edge gives the method {@code name} with {@code descriptor}: RELEASE (at its returns) for a
     * constructor of a class with a finalizer ({@code hasFinalizer}, asked only of constructors), ACQUIRE (at entry)
     * for an instance {@code finalize()}, else NONE.
     */
    public static Side sideOf(String name, String descriptor, boolean isStatic, BooleanSupplier hasFinalizer) {
        if (isStatic) {
            return Side.NONE;
        }
        if (name.equals("<init>")) {
            return hasFinalizer.getAsBoolean() ? Side.RELEASE : Side.NONE;
        }
        return name.equals(FINALIZE) && descriptor.equals(FINALIZE_DESCRIPTOR) ? Side.ACQUIRE : Side.NONE;
    }
}
