package bigfoot.rt;

import bigfoot.rt.report.RaceKind;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** barrier_rel semantics and barrier generations. */
class BarrierTest {

    private final Sim sim = new Sim();
    private final FastTrack ft = sim.ft;
    private final ThreadState[] t = sim.forkedThreads(4);
    private final BarrierState barrier = new BarrierState();

    @Test
    void everyThreadLeavesWithTheJoinOfAllArrivalsAndTicks() {
        VarState[] x = {new VarState(), new VarState(), new VarState(), new VarState()};
        long[] arrival = new long[4];
        for (int i = 1; i <= 3; i++) {
            ft.write(t[i], x[i], i);
            arrival[i] = t[i].epoch;
            ft.barrierArrive(t[i], barrier);
        }
        for (int i = 1; i <= 3; i++) {
            ft.barrierDepart(t[i], barrier);
            assertEquals(arrival[i] + 1, t[i].epoch, "barrier_rel ticks each released thread");
            for (int j = 1; j <= 3; j++) {
                if (j != i) {
                    assertEquals(arrival[j], t[i].get(j));
                }
            }
        }
        for (int i = 1; i <= 3; i++) {
            ft.read(t[i % 3 + 1], x[i], 10 + i);                  // each reads a neighbour's pre-barrier write
        }
        assertTrue(sim.listener.races.isEmpty());
    }

    @Test
    void aFastThreadReenteringTheNextGenerationDoesNotPolluteThePreviousOne() {
        VarState x = new VarState();
        ft.barrierArrive(t[1], barrier);
        ft.barrierArrive(t[2], barrier);
        ft.barrierDepart(t[1], barrier);                         // t1 is out first ...
        ft.write(t[1], x, 1);                                    // ... writes in the next phase ...
        long later = t[1].epoch;
        ft.barrierArrive(t[1], barrier);                         // ... and arrives again before t2 has left
        ft.barrierDepart(t[2], barrier);
        assertTrue(t[2].get(1) < later, "t2 must not learn t1's next-phase clock");
        ft.read(t[2], x, 2);
        assertEquals(RaceKind.WRITE_READ, sim.listener.only().kind(), "t1's next-phase write races with t2");
        ft.barrierArrive(t[2], barrier);                         // the second generation completes normally
        ft.barrierDepart(t[1], barrier);
        ft.barrierDepart(t[2], barrier);
        assertTrue(t[2].get(1) >= later);
    }

    @Test
    void departWithoutArrivalDoesNothing() {
        long e = t[1].epoch;
        ft.barrierDepart(t[1], barrier);
        assertEquals(e, t[1].epoch);
    }
}
