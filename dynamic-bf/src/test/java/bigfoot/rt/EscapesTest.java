package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The escaped set's walk ({@code --elide dynamic-escape}): classes shaped as the rewriter leaves them (the root of a
 * hierarchy declares {@code __bf$local}, set to 1 by its constructor).
 */
class EscapesTest {

    /** A rewritten root class: its objects carry the bit. */
    static class Node {
        public transient int __bf$local = 1;
        Object next;
        Object[] slots;
        long __bf$w$next; // a rewriter's member: not followed
    }

    /** A subclass: the root's bit, and a field of its own. */
    static class Leaf extends Node {
        Object payload;
    }

    /** A class whose objects count as escaped from birth (no bit): the walk does not go through it. */
    static class Plain {
        Object held;
    }

    @Test
    void anObjectAndWhatItReachesThroughFieldsEscapeOnceCyclesIncluded() {
        Node a = new Node();
        Leaf b = new Leaf();
        Node c = new Node();
        a.next = b;
        b.payload = c;
        c.next = a; // a cycle
        List<Object> cleared = new ArrayList<>();
        Escapes.escape(a, cleared::add);
        assertEquals(List.of(a, b, c), cleared);
        assertEquals(0, a.__bf$local + b.__bf$local + c.__bf$local);

        Escapes.escape(b, cleared::add); // escaped already: nothing more
        assertEquals(3, cleared.size());
    }

    @Test
    void theWalkStopsAtEscapedObjectsAndObjectsWithoutTheBitAndGoesOneLevelIntoArrays() {
        Node escaped = new Node();
        escaped.__bf$local = 0;
        Node behindEscaped = new Node();
        escaped.next = behindEscaped; // an escaped object never holds a local one in a real run: not followed
        Node inArray = new Node();
        Node inNestedArray = new Node();
        Plain plain = new Plain();
        Node behindPlain = new Node();
        plain.held = behindPlain;
        Node root = new Node();
        root.slots = new Object[] {inArray, new Object[] {inNestedArray}};
        Leaf leaf = new Leaf();
        leaf.next = escaped;
        leaf.payload = plain;
        root.next = leaf;

        List<Object> cleared = new ArrayList<>();
        Escapes.escape(root, cleared::add);
        assertEquals(List.of(root, leaf, inArray), cleared);
        assertEquals(1, behindEscaped.__bf$local);
        assertEquals(1, behindPlain.__bf$local, "an object without the bit holds no local one");
        assertEquals(1, inNestedArray.__bf$local, "only a capsule's own array holds local objects: one level");
    }

    @Test
    void aCapsulesOwnArrayHasItsElementsEscapeButAnArrayHandedOverDoesNot() {
        Node a = new Node();
        Node b = new Node();
        List<Object> cleared = new ArrayList<>();
        Escapes.escape(new Object[] {a}, cleared::add); // what an array holds escaped as it was stored
        assertEquals(List.of(), cleared);
        Escapes.escapeElements(new Object[] {a, null, b}, cleared::add);
        assertEquals(List.of(a, b), cleared);
    }

    @Test
    void nullStringsAndPrimitiveArraysAreNoObjectsOfTheProgram() {
        List<Object> cleared = new ArrayList<>();
        Escapes.escape(null, cleared::add);
        Escapes.escape("text", cleared::add);
        Escapes.escape(new int[3], cleared::add);
        assertTrue(cleared.isEmpty());
    }
}
