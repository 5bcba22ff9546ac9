package bigfoot.rt;

/**
 * The shadow of an instance field of a rewritten class. It remembers the object it belongs to:
 * {@code Object.clone()} (and any other field-by-field copy) copies the shadow field too, and a clone
 * must not share its original's shadow, or accesses to two different objects would look like races.
 */
final class FieldVarState extends VarState {

    final Object owner;
    /** For a capsule's location (all its own fields as one: {@code staticbf --capsules}), the capsule class; else null. */
    final String capsule;

    FieldVarState(Object owner, String capsule) {
        this.owner = owner;
        this.capsule = capsule;
    }
}
