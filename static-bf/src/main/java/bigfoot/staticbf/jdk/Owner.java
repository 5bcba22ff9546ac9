package bigfoot.staticbf.jdk;

/** Which classes a model entry is about, by the internal name of the class a call names (or that runs). */
public record Owner(Scope scope, String type) {

    /** How {@link #type} is matched. */
    public enum Scope {
        /** The type and every class below it (a call through a subclass, super.start(), an implementation). */
        SUBTYPES,
        /** Exactly the type: an interface whose implementations may or may not synchronise, or a type this JDK may lack. */
        EXACTLY,
        /** Every class of a package (not its subpackages). */
        PACKAGE,
        /** Every class (Object's methods, called through any type). */
        ANY
    }

    public static Owner subtypesOf(String type) {
        return new Owner(Scope.SUBTYPES, type);
    }

    public static Owner exactly(String type) {
        return new Owner(Scope.EXACTLY, type);
    }

    public static Owner inPackage(String prefix) {
        return new Owner(Scope.PACKAGE, prefix);
    }

    public static Owner any() {
        return new Owner(Scope.ANY, "");
    }

    public boolean accepts(String name, Types types) {
        return switch (scope) {
            case SUBTYPES -> name.equals(type) || types.isSubtypeOf(name, type);
            case EXACTLY -> name.equals(type);
            case PACKAGE -> name.startsWith(type) && name.indexOf('/', type.length()) < 0;
            case ANY -> true;
        };
    }

    /** As the README lists it: {@code java.util.concurrent.locks.Lock} (and subtypes), a package, or any class. */
    public String describe() {
        String dotted = type.replace('/', '.').replace('$', '.');
        return switch (scope) {
            case SUBTYPES, EXACTLY -> "`" + dotted + "`";
            case PACKAGE -> "`" + dotted + "*`";
            case ANY -> "any class";
        };
    }
}
