package bigfoot.ir;

import java.util.Objects;

/**
 * One instrumented access in the program: where it is (class, method, bytecode index, source line)
 * and what it touches. Every check the rewriter emits names a site, so every race report can say where.
 *
 * @param className  the class containing the access, dotted ({@code com.example.Foo})
 * @param sourceFile the class's SourceFile attribute, or {@code null} if it has none
 * @param method     the method name ({@code run}, {@code <init>}, {@code lambda$main$0})
 * @param bci        the bytecode index of the access in the ORIGINAL (unrewritten) method
 * @param line       the source line, or -1 if the class has no line numbers
 * @param op         read or write
 * @param target     what is accessed: a field {@code pkg.Class.field}, or {@link #ARRAY} for an array element
 */
public record Site(String className, String sourceFile, String method, int bci, int line, AccessOp op, String target) {

    /** The target of an array element access. */
    public static final String ARRAY = "[]";

    public Site {
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(target, "target");
    }

    public boolean isArray() {
        return ARRAY.equals(target);
    }

    /** {@code Foo.java:12}, or the class name and bytecode index when the class has no debug information. */
    public String location() {
        String file = sourceFile != null ? sourceFile : simpleName(className) + ".class";
        return line >= 0 ? file + ":" + line : file + "@bci" + bci;
    }

    /** {@code com.example.Foo.run(Foo.java:12)}, in the style of a stack trace element. */
    @Override
    public String toString() {
        return className + "." + method + "(" + location() + ")";
    }

    private static String simpleName(String dotted) {
        return dotted.substring(dotted.lastIndexOf('.') + 1);
    }
}
