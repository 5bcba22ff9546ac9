package bigfoot.rt.report;

/**
 * A race on a capsule's location (all its own fields as one, {@code staticbf --capsules}): two accesses to the fields
 * (or protected arrays) of one capsule object that happens-before does not order. Not a race on a field: the class is
 * no capsule (the accesses to one object are not ordered), or the program misuses it (an {@code ArrayList} shared
 * without synchronisation); its fields may or may not race, and any race on them shows as one of these. Each side
 * names the access whose check saw it: an activation's first access of a stretch with no release in it, or an access
 * to another object's field.
 */
public record CapsuleViolation(String className, RaceKind kind, Race.Access previous, Race.Access current, long occurrences) {

    /** The violation a race on the location of capsule class {@code className} is. */
    public static CapsuleViolation of(String className, Race race) {
        return new CapsuleViolation(className, race.kind(), race.previous(), race.current(), race.occurrences());
    }

    /** A stable name, as {@link Race#id} is: the same class, kind and pair of sites in another run get the same id. */
    public String id() {
        return Race.stableId("capsule|" + className + "|" + kind.id + "|" + Race.siteKey(previous) + "|"
                + Race.siteKey(current));
    }

    /** {@code unordered write-write accesses}: the kind as the reports say it. */
    public String describeKind() {
        return "unordered " + kind.id + " accesses";
    }
}
