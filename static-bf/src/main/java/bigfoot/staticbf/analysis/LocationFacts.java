package bigfoot.staticbf.analysis;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A must-set of facts about locations, each with its kind (a write fact is stronger than a read fact,
 * reference/bigfoot.md 10.1) and, for past accesses, a representative access (instruction index) of that
 * kind: the past accesses {@code p◁}, the anticipated accesses {@code p◇} or the past checks {@code p✓}
 * of the BigFoot passes.
 */
final class LocationFacts {

    /** {@code write} true for a write fact; {@code access} the instruction index of an access of that kind, or -1. */
    record Fact(boolean write, int access) {
    }

    private final Map<CheckedLocation, Fact> facts;

    private LocationFacts(Map<CheckedLocation, Fact> facts) {
        this.facts = facts;
    }

    static LocationFacts empty() {
        return new LocationFacts(new HashMap<>());
    }

    LocationFacts copy() {
        return new LocationFacts(new HashMap<>(facts));
    }

    /** MEET: the facts both sides entail, at the weaker kind (with a representative access of that kind). */
    void meet(LocationFacts other) {
        facts.entrySet().removeIf(e -> !other.facts.containsKey(e.getKey()));
        facts.replaceAll((location, mine) -> {
            Fact theirs = other.facts.get(location);
            if (mine.write() != theirs.write()) {
                return mine.write() ? theirs : mine;
            }
            return mine.access() <= theirs.access() ? mine : theirs;
        });
    }

    /** Adds a fact of {@code write}'s kind (keeping a stronger one). */
    void add(CheckedLocation location, boolean write, int access) {
        Fact old = facts.get(location);
        if (old == null || write && !old.write()) {
            facts.put(location, new Fact(write, access));
        }
    }

    /** True if this entails a fact of {@code write}'s kind about {@code location}. */
    boolean entails(CheckedLocation location, boolean write) {
        Fact f = facts.get(location);
        return f != null && (f.write() || !write);
    }

    Map<CheckedLocation, Fact> asMap() {
        return facts;
    }

    void clear() {
        facts.clear();
    }

    void removeIf(Predicate<CheckedLocation> condition) {
        facts.keySet().removeIf(condition);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LocationFacts f && facts.equals(f.facts);
    }

    @Override
    public int hashCode() {
        return facts.hashCode();
    }
}
