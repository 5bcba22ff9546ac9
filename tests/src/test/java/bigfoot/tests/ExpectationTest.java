package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExpectationTest {

    @Test
    void expandsIndexListsAndRangesAndKeepsFields() {
        assertEquals(Set.of("corpus.A.x"), Expectation.group("corpus.A.x"));
        assertEquals(Set.of("corpus.A$B.x"), Expectation.group("corpus.A$B.x"));
        assertEquals(Set.of("int[3]"), Expectation.group("int[3]"));
        assertEquals(Set.of("int[10]", "int[11]", "int[12]"), Expectation.group("int[10..12]"));
        assertEquals(Set.of("int[0]", "int[15]", "int[20]", "int[21]"), Expectation.group("int[0,15,20..21]"));
        assertEquals(Set.of("int[][2]"), Expectation.group("int[][2]"));
        assertEquals(Set.of("java.lang.String[0]"), Expectation.group("java.lang.String[0]"));
    }

    @Test
    void aGroupIsMetByAnyOfItsLocations() {
        Expectation e = new Expectation(List.of(Set.of("corpus.A.x"), Expectation.group("int[5..9]")), Set.of(), Map.of(),
                0, Set.of(), false);
        assertEquals(List.of(), e.unmet(Set.of("corpus.A.x", "int[7]")));
        assertEquals(List.of(Set.of("corpus.A.x")), e.unmet(Set.of("int[5]")));
        assertEquals(6, e.allowed().size());
    }

    @Test
    void aTracePreciseDetectorMayMissOnlyTheRacesAfterAnotherRace() {
        Expectation e = new Expectation(List.of(Set.of("corpus.A.p"), Set.of("corpus.A$R.f")),
                Set.of(Set.of("corpus.A$R.f")), Map.of(), 0, Set.of(), false);
        assertEquals(List.of(), e.unmetTracePrecise(Set.of("corpus.A.p")));
        assertEquals(List.of(Set.of("corpus.A$R.f")), e.unmet(Set.of("corpus.A.p")));
        assertEquals(List.of(Set.of("corpus.A.p")), e.unmetTracePrecise(Set.of("corpus.A$R.f")));
    }

    @Test
    void aRaceOnACapsulesFieldOrProtectedElementIsItsClasssViolation() {
        Expectation e = new Expectation(List.of(Set.of("corpus.A$C.f"), Expectation.group("int[1..2]"),
                Set.of("long[0]")), Set.of(), Map.of("int[1]", "corpus.A$C", "int[2]", "corpus.A$C"), 0, Set.of(), false);
        assertEquals("corpus.A$C", e.capsuleOf("corpus.A$C.f"));
        assertEquals("corpus.A$C", e.capsuleOf("int[2]"));
        assertEquals(null, e.capsuleOf("long[0]"), "not protected: its race is reported as itself");
    }

    @Test
    void rejectsAnEmptyRange() {
        assertThrows(IllegalArgumentException.class, () -> Expectation.group("int[5..4]"));
    }
}
