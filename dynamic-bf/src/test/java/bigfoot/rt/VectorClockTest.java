package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VectorClockTest {

    @Test
    void entriesPastTheEndReadAsZeroEpochsOfTheirThread() {
        VectorClock v = new VectorClock();
        assertEquals(Epoch.make(5, 0), v.get(5));
        v.set(5, Epoch.make(5, 3));
        assertEquals(Epoch.make(5, 3), v.get(5));
        assertEquals(Epoch.make(2, 0), v.get(2));
    }

    @Test
    void joinIsThePointwiseMaximum() {
        VectorClock a = new VectorClock();
        VectorClock b = new VectorClock();
        a.set(0, Epoch.make(0, 4));
        a.set(1, Epoch.make(1, 1));
        b.set(1, Epoch.make(1, 7));
        b.set(3, Epoch.make(3, 2));
        a.joinFrom(b);
        assertEquals(Epoch.make(0, 4), a.get(0));
        assertEquals(Epoch.make(1, 7), a.get(1));
        assertEquals(Epoch.make(3, 2), a.get(3));
        assertEquals(-1, b.firstNotLeq(a));
    }

    /** Two threads handing a lock back and forth (release = copy, acquire = join) must not grow their clocks. */
    @Test
    void lockHandOffsDoNotGrowClocks() {
        ThreadState t = new ThreadState(3, Epoch.make(3, 1));        // clocks of slightly different lengths
        ThreadState u = new ThreadState(4, Epoch.make(4, 1));
        LockState m = new LockState();
        for (int round = 0; round < 10_000; round++) {
            ThreadState from = round % 2 == 0 ? t : u;
            ThreadState to = round % 2 == 0 ? u : t;
            m.copyFrom(from);
            from.tick();
            to.joinFrom(m);
        }
        assertTrue(t.size() <= 8 && u.size() <= 8 && m.size() <= 8,
                "sizes " + t.size() + ", " + u.size() + ", " + m.size());
    }
}
