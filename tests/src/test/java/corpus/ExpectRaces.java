package corpus;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The racy locations a corpus program must report under a happens-before detector: exactly these,
 * nothing else. Every program is written so that the set is fixed by happens-before, not by timing.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ExpectRaces {

    /**
     * One entry per racy location group: {@code pkg.Class.field} for a field or static (the declaring
     * class, binary name), or an array element as element type plus indices: {@code int[3]},
     * {@code int[10..19]} (inclusive range), {@code int[0,15]} (a list), {@code int[][2]} (an element of
     * an {@code int[][]}). The runtime reports a race once per pair of sites, so a loop racing on many
     * elements reports one of them: a group is met when any of its locations is reported, and a
     * reported location outside every group is a false alarm. Empty for a race-free program.
     */
    String[] value();

    /** The exit code the program ends with. */
    int exitCode() default 0;

    /**
     * True if the detector may have to skip a check (a stack overflow inside it): the report may then say
     * its verdict is incomplete; every other program must get a complete verdict.
     */
    boolean mayBeIncomplete() default false;

    /**
     * Entries of {@link #value} whose race can only happen after another race of the same run, on an object that had
     * not reached the other thread when the first access was made (the BigFoot dissertation's Fig. 4.2): a
     * trace-precise filter ({@code staticbf --elide escape}) may miss them, and must still report the others.
     */
    String[] afterAnotherRace() default {};

    /**
     * Array entries of {@link #value} whose array a capsule class protects ({@code staticbf --capsules}), each followed
     * by that class: {@code "int[1] corpus.Program$Slots"}. With capsules their race shows as a capsule violation of
     * the class.
     */
    String[] protectedArrays() default {};

    /** When not empty, the only race kinds the report may contain (for programs whose kind is schedule-independent). */
    String[] kinds() default {};
}
