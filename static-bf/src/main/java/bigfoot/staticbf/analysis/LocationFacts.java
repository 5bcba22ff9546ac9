package bigfoot.staticbf.analysis;

import java.util.Collections;
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

    /**
     * The facts; copy on write: a copy shares its original's map until either side changes, and the side that changes
     * first takes a map of its own ({@link #own}). Most copies are the per-instruction states kept for placement, and
     * most instructions change nothing.
     */
    private Map<CheckedLocation, Fact> facts;
    /** True while another LocationFacts may hold {@link #facts} too. */
    private boolean shared;

    private LocationFacts(Map<CheckedLocation, Fact> facts) {
        this.facts = facts;
    }

    static LocationFacts empty() {
        return new LocationFacts(new HashMap<>());
    }

    LocationFacts copy() {
        LocationFacts copy = new LocationFacts(facts);
        copy.shared = true;
        shared = true;
        return copy;
    }

    /** The facts, for a change: this side's own map from now on. */
    private Map<CheckedLocation, Fact> own() {
        if (shared) {
            facts = new HashMap<>(facts);
            shared = false;
        }
        return facts;
    }

    /** MEET: the facts both sides entail, at the weaker kind (with a representative access of that kind). */
    void meet(LocationFacts other) {
        if (other.facts == facts) {
            return;
        }
        Map<CheckedLocation, Fact> kept = own();
        kept.entrySet().removeIf(e -> !other.facts.containsKey(e.getKey()));
        kept.replaceAll((location, mine) -> {
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
            own().put(location, new Fact(write, access));
        }
    }

    /** True if this entails a fact of {@code write}'s kind about {@code location}. */
    boolean entails(CheckedLocation location, boolean write) {
        Fact f = facts.get(location);
        return f != null && (f.write() || !write);
    }

    /** The facts, not to be changed. */
    Map<CheckedLocation, Fact> asMap() {
        return Collections.unmodifiableMap(facts);
    }

    void clear() {
        if (!facts.isEmpty()) {
            facts = new HashMap<>();
            shared = false;
        }
    }

    void removeIf(Predicate<CheckedLocation> condition) {
        if (facts.keySet().stream().anyMatch(condition)) {
            own().keySet().removeIf(condition);
        }
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
