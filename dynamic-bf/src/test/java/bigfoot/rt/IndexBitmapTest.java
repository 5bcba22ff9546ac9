package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link IndexBitmap} against {@link BitSet}: the same members, the same runs, and nothing left after a reset. */
class IndexBitmapTest {

    @Test
    void runsAreThoseOfTheSameSetAndAResetEmptiesIt() {
        Random rnd = new Random(42);
        IndexBitmap bits = new IndexBitmap();
        for (int trial = 0; trial < 2_000; trial++) {
            int length = 1 + rnd.nextInt(rnd.nextBoolean() ? 70 : 700);
            bits.reset(length);
            BitSet expected = new BitSet(length);
            int adds = rnd.nextInt(2 * length);
            int dense = rnd.nextInt(length);                      // some runs cross word boundaries
            for (int i = 0; i < adds; i++) {
                int index = rnd.nextBoolean() ? rnd.nextInt(length) : Math.min(length - 1, dense + i / 2);
                bits.add(index);
                expected.set(index);
            }
            assertEquals(runs(expected), runs(bits), "length " + length);
        }
    }

    private static List<String> runs(BitSet set) {
        List<String> out = new ArrayList<>();
        for (int i = set.nextSetBit(0); i >= 0; i = set.nextSetBit(set.nextClearBit(i))) {
            out.add(i + ".." + (set.nextClearBit(i) - 1));
        }
        return out;
    }

    private static List<String> runs(IndexBitmap bits) {
        List<String> out = new ArrayList<>();
        for (int i = bits.nextSet(0); i >= 0; i = bits.nextSet(bits.nextClear(i))) {
            out.add(i + ".." + (bits.nextClear(i) - 1));
        }
        return out;
    }
}
