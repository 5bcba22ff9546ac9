package bigfoot.staticbf.jdk;

/** The subtype relation of whichever class hierarchy reads the model (the rewriter's, or WALA's). */
@FunctionalInterface
public interface Types {

    /** True if {@code name} is {@code type} or has it among its supertypes (internal names); false if unknown. */
    boolean isSubtypeOf(String name, String type);
}
