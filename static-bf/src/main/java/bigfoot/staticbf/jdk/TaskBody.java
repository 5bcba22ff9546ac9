package bigfoot.staticbf.jdk;

/**
 * A method of the application that the JDK runs as a task's body, and that the rewriter instruments itself: the
 * {@code name()} of every concrete subclass of {@code task}. ACQUIRE: it acquires from its task's channel at entry;
 * BOTH: and releases into it at every return.
 */
public record TaskBody(String task, String name, Side side) {

    /**
     * True if {@code owner}'s method {@code method} is such a body ({@code concreteWithoutArguments}: the method is a
     * concrete instance method without arguments).
     */
    public boolean isBody(String owner, String method, boolean concreteWithoutArguments, Types types) {
        return concreteWithoutArguments && method.equals(name) && types.isSubtypeOf(owner, task);
    }
}
