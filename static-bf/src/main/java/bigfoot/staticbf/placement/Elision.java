package bigfoot.staticbf.placement;

import bigfoot.staticbf.StaticBfException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The filters of {@code --elide}: accesses left unchecked whatever the placement, because they cannot race first. */
public enum Elision {
    /** Every access the placement decides is checked (or covered by a check). */
    NONE,
    /**
     * Partial escape: accesses to an object the method allocated (or a constructor's {@code this}) before the object
     * can have been published to another thread are not checked (the BigFoot dissertation, chapter 4).
     */
    ESCAPE;

    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The elision named by {@code --elide}, or a usage error. */
    public static Elision parse(String name) throws StaticBfException {
        for (Elision e : values()) {
            if (e.optionName().equals(name)) {
                return e;
            }
        }
        throw StaticBfException.usage("unknown --elide '" + name + "' (one of: "
                + Arrays.stream(values()).map(Elision::optionName).collect(Collectors.joining(", ")) + ")");
    }
}
