package bigfoot.staticbf.jdk;

import java.util.Set;
import java.util.function.Predicate;

/**
 * Which descriptors of a method name an entry is about, with the words the README uses for them. The static
 * analysis ignores signatures (every overload of a listed name counts: more kills, never fewer); the rewriter puts
 * events only around the overloads whose arguments and result its event code knows.
 */
public record Signature(String words, Predicate<String> test) {

    public static final Signature ANY = new Signature("", d -> true);

    public static Signature returning(String type, String words) {
        return new Signature("returning " + words, d -> d.endsWith(")" + type));
    }

    public static Signature startingWith(String prefix, String words) {
        return new Signature(words, d -> d.startsWith(prefix));
    }

    public static Signature oneOf(Set<String> descriptors, String words) {
        return new Signature(words, descriptors::contains);
    }

    public boolean matches(String descriptor) {
        return test.test(descriptor);
    }
}
