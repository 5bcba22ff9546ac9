package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The clocks {@link ClockProfiles} reads at start-up: one of each shape {@link VectorClock#get} tells apart (a clock
 * past {@value VectorClock#WIDTH} tids keeps the entries set last in an overlay over its trie), each read right, so that
 * both of get's paths are taken: the root leaf's, and the call for the others.
 */
class ClockProfilesTest {

    @Test
    void everyShapeOfAClockIsReadAndReadsRight() throws Exception {
        Set<String> shapes = new HashSet<>();
        for (ClockProfiles.Reading r : ClockProfiles.shapes()) {
            Object root = field(r.clock(), "root");
            Object overlay = field(r.clock(), "overlay");
            for (int i = 0; i < r.tids().length; i++) {
                int tid = r.tids()[i];
                assertEquals(r.epochs()[i], r.clock().get(tid), "tid " + tid);
                if (root == null) {
                    shapes.add("empty");
                } else if (root instanceof long[] leaf) {
                    shapes.add(tid < leaf.length ? "root leaf" : "past the root leaf");
                } else {
                    shapes.add(overlay != null ? "trie and overlay" : "trie");
                }
            }
        }
        assertEquals(Set.of("empty", "root leaf", "past the root leaf", "trie and overlay"), shapes);
    }

    private static Object field(VectorClock clock, String name) throws ReflectiveOperationException {
        Field f = VectorClock.class.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(clock);
    }
}
