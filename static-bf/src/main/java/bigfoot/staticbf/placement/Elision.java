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
    ESCAPE,
    /**
     * {@link #ESCAPE}, and its dynamic half: each object of a rewritten class carries a bit that says it is still local
     * to the thread that made it, cleared where it may escape; the checks of a local object's fields are skipped.
     */
    DYNAMIC_ESCAPE;

    public String optionName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** True if accesses to objects not yet published are left unchecked: the static half, with or without the other. */
    public boolean escapes() {
        return this != NONE;
    }
}
