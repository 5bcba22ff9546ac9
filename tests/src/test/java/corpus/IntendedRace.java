package corpus;

/**
 * The project's own marker for races its authors accept: StaticBF recognises any annotation named
 * {@code IntendedRace} (class retention is enough) on a field, method or class.
 */
public @interface IntendedRace {
    /** Why the race is harmless; shown as the suppression rule's comment. */
    String value() default "";
}
