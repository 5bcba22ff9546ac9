package bigfoot.staticbf.placement;

import java.util.Locale;

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
}
