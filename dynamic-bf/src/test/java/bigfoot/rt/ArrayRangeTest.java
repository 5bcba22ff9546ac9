package bigfoot.rt;

import bigfoot.rt.report.RaceKind;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Range checks ({@code readArrayRange}/{@code writeArrayRange}) on fine shadows: exactly the indices
 * {@code begin, begin+stride, .. < end} inside the array are checked, one FastTrack operation each.
 */
class ArrayRangeTest {

    private static final int LENGTH = 10;

    /** The indices a range write by one thread makes race with a read of every index by an unordered thread. */
    private static Set<Integer> checkedIndices(int begin, int end, int stride) {
        ArrayRig rig = new ArrayRig(false, false);
        ThreadState t1 = Sim.thread(1);
        ThreadState t2 = Sim.thread(2);
        ArrayShadow a = rig.array(int[].class, LENGTH);
        rig.write(t1, a, begin, end, stride, 7);
        for (int i = 0; i < LENGTH; i++) {
            rig.read(t2, a, i, i + 1, 1, 8);
        }
        Set<Integer> out = new TreeSet<>();
        for (ArrayRig.Location l : rig.races) {
            assertEquals(RaceKind.WRITE_READ, l.kind());
            out.add(l.index());
        }
        return out;
    }

    @Test
    void everyStrideIndexInsideTheArrayIsChecked() {
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), checkedIndices(0, LENGTH, 1));
        assertEquals(Set.of(2, 5, 8), checkedIndices(2, LENGTH, 3));
        assertEquals(Set.of(3, 4, 5), checkedIndices(3, 6, 1));
        assertEquals(Set.of(2, 5, 8), checkedIndices(-4, 40, 3), "clipped at both ends, stride kept");
        assertEquals(Set.of(0), checkedIndices(0, LENGTH, 20));
        assertEquals(Set.of(9), checkedIndices(9, Integer.MAX_VALUE, Integer.MAX_VALUE), "no overflow");
    }

    @Test
    void emptyOrOutsideRangesCheckNothing() {
        assertEquals(Set.of(), checkedIndices(3, 3, 1));
        assertEquals(Set.of(), checkedIndices(5, 2, 1));
        assertEquals(Set.of(), checkedIndices(-100, -1, 1));
        assertEquals(Set.of(), checkedIndices(LENGTH, LENGTH + 5, 1));
        assertEquals(Set.of(), checkedIndices(Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE));
    }

    @Test
    void aStrideBelowOneChecksOnlyBegin() {
        assertEquals(Set.of(4), checkedIndices(4, LENGTH, 0));
        assertEquals(Set.of(4), checkedIndices(4, LENGTH, -2));
        assertEquals(Set.of(), checkedIndices(4, 4, 0), "still empty when begin >= end");
    }

    @Test
    void aRangeIsOneFastTrackOperationPerIndex() {
        ArrayRig rig = new ArrayRig(false, false);
        ThreadState t = Sim.thread(0);
        ArrayShadow a = rig.array(long[].class, LENGTH);
        rig.read(t, a, 1, LENGTH, 2, 1);
        assertEquals(5, t.checks);
        assertEquals(ArrayShadow.wordBytes(LENGTH), rig.allocated.sum(), "fine: the words of every element, no state");
    }
}
