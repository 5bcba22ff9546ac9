package bigfoot.rt;

import bigfoot.rt.report.RaceKind;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The synchronisation rules: locks (with re-entrancy filtering), fork/join, volatiles, wait, class initialisation. */
class FastTrackSyncRulesTest {

    private final Sim sim = new Sim();
    private final FastTrack ft = sim.ft;
    private final ThreadState[] t = sim.forkedThreads(3);
    private final VarState x = new VarState();

    @Test
    void releaseCopiesThenTicksAndAcquireJoins() {
        LockState m = new LockState();
        long before = t[1].epoch;
        ft.acquire(t[1], m);
        ft.write(t[1], x, 1);
        ft.release(t[1], m);
        assertEquals(before, m.get(1), "RELEASE copies the releaser's clock");
        assertEquals(before + 1, t[1].epoch, "then ticks");
        ft.acquire(t[2], m);
        assertEquals(before, t[2].get(1), "ACQUIRE joins");
        ft.write(t[2], x, 2);
        assertTrue(sim.listener.races.isEmpty());
    }

    @Test
    void accessesProtectedByDifferentLocksRace() {
        LockState m1 = new LockState();
        LockState m2 = new LockState();
        ft.acquire(t[1], m1);
        ft.write(t[1], x, 1);
        ft.release(t[1], m1);
        ft.acquire(t[2], m2);
        ft.write(t[2], x, 2);
        ft.release(t[2], m2);
        assertEquals(RaceKind.WRITE_WRITE, sim.listener.only().kind());
    }

    @Test
    void reentrantAcquireAndReleaseAreFiltered() {
        LockState m = new LockState();
        ft.acquire(t[1], m);
        ft.acquire(t[1], m);
        long inside = t[1].epoch;
        ft.write(t[1], x, 1);
        ft.release(t[1], m);
        assertEquals(inside, t[1].epoch, "an inner release does not tick");
        assertSame(t[1], m.holder);
        ft.release(t[1], m);
        assertNull(m.holder);
        assertEquals(inside + 1, t[1].epoch, "the outermost release ticks");
        ft.acquire(t[2], m);
        ft.read(t[2], x, 2);
        assertTrue(sim.listener.races.isEmpty());
    }

    @Test
    void releaseOfAMonitorNotHeldIsIgnored() {
        LockState m = new LockState();
        ft.acquire(t[1], m);
        long e2 = t[2].epoch;
        ft.release(t[2], m);
        assertEquals(e2, t[2].epoch);
        assertSame(t[1], m.holder);
    }

    @Test
    void forkOrdersTheParentsPastOnlyAndTicksTheParent() {
        ThreadState parent = Sim.thread(0);
        ThreadState child = Sim.thread(1);
        ft.write(parent, x, 1);
        long atFork = parent.epoch;
        ft.fork(parent, child);
        assertEquals(atFork, child.get(0));
        assertEquals(atFork + 1, parent.epoch);
        ft.read(child, x, 2);
        assertTrue(sim.listener.races.isEmpty(), "the write before the fork is ordered");
        ft.write(parent, x, 3);
        assertEquals(RaceKind.READ_WRITE, sim.listener.only().kind(), "the write after the fork is not");
    }

    @Test
    void joinOrdersTheChildAndDoesNotTickIt() {
        ft.write(t[1], x, 1);
        long childEpoch = t[1].epoch;
        ft.join(t[0], t[1]);
        assertEquals(childEpoch, t[1].epoch, "FT2 JOIN does not increment the joined thread");
        ft.write(t[0], x, 2);
        assertTrue(sim.listener.races.isEmpty());
    }

    @Test
    void volatileWriteJoinsIntoTheVolatileClock() {
        VarState v = new VarState();
        VarState y = new VarState();
        ft.write(t[1], x, 1);
        ft.volatileWrite(t[1], v);
        ft.write(t[2], y, 2);
        ft.volatileWrite(t[2], v);                              // concurrent writer: must not erase t1's entry
        ThreadState reader = Sim.thread(3);
        ft.volatileRead(reader, v);
        ft.read(reader, x, 3);
        ft.read(reader, y, 4);
        assertTrue(sim.listener.races.isEmpty(), "a volatile read orders both earlier volatile writers");
    }

    @Test
    void volatileReadBeforeTheWriteGivesNoOrder() {
        VarState v = new VarState();
        ft.volatileRead(t[2], v);
        ft.write(t[1], x, 1);
        ft.volatileWrite(t[1], v);
        ft.read(t[2], x, 2);
        assertEquals(RaceKind.WRITE_READ, sim.listener.only().kind());
    }

    @Test
    void waitReleasesFullyAndRestoresTheDepth() {
        LockState m = new LockState();
        VarState y = new VarState();
        ft.acquire(t[1], m);
        ft.acquire(t[1], m);
        ft.write(t[1], x, 1);
        ft.waitRelease(t[1], m);                                // wait() gives the monitor up entirely
        ft.acquire(t[2], m);
        ft.read(t[2], x, 2);
        ft.write(t[2], y, 3);
        ft.release(t[2], m);
        ft.waitReacquire(t[1], m);
        ft.read(t[1], y, 4);
        assertTrue(sim.listener.races.isEmpty());
        assertEquals(2, m.depth);
        long e = t[1].epoch;
        ft.release(t[1], m);
        assertEquals(e, t[1].epoch, "still held once more after the inner release");
        ft.release(t[1], m);
        assertNull(m.holder);
    }

    @Test
    void classInitialisationIsOrderedBeforeStaticUses() {
        ClassInitState c = new ClassInitState();
        StaticVarState s = new StaticVarState(c);
        ThreadState initializer = Sim.thread(5);
        ThreadState user = Sim.thread(6);                        // no other edge from the initializer
        ft.writeStatic(initializer, s, 1);
        ft.classInitialized(initializer, c);
        ft.readStatic(user, s, 2);
        ft.writeStatic(user, s, 3);
        assertTrue(sim.listener.races.isEmpty());
        assertEquals(c.epoch(), user.get(5));
    }

    @Test
    void staticAccessWithoutClassInitialisationRaces() {
        StaticVarState s = new StaticVarState(new ClassInitState());
        ft.writeStatic(Sim.thread(5), s, 1);
        ft.readStatic(Sim.thread(6), s, 2);
        assertEquals(RaceKind.WRITE_READ, sim.listener.only().kind());
    }

    @Test
    void classInitialisationAlsoOrdersStaticVolatiles() {
        ClassInitState c = new ClassInitState();
        StaticVarState flag = new StaticVarState(c);
        ThreadState initializer = Sim.thread(5);
        ThreadState user = Sim.thread(6);
        ft.write(initializer, x, 1);
        ft.classInitialized(initializer, c);
        ft.volatileReadStatic(user, flag);
        ft.read(user, x, 2);
        assertTrue(sim.listener.races.isEmpty());
    }

    @Test
    void aDisabledDetectorIgnoresEverything() {
        ft.failed(new IllegalStateException("test"));
        ft.write(t[1], x, 1);
        ft.write(t[2], x, 2);
        LockState m = new LockState();
        long e = t[1].epoch;
        ft.acquire(t[1], m);
        ft.release(t[1], m);
        assertTrue(sim.listener.races.isEmpty());
        assertEquals(e, t[1].epoch);
    }

    @Test
    void aFinalStaticReadOrdersClassInitialisationWithoutACheck() {
        ClassInitState c = new ClassInitState();
        StaticVarState table = new StaticVarState(c);
        ThreadState initializer = Sim.thread(5);
        ThreadState user = Sim.thread(6);
        ft.write(initializer, x, 1);                 // e.g. an array element filled in <clinit>
        ft.classInitialized(initializer, c);
        ft.classAccess(user, table);
        assertEquals(0, user.checks, "reading a final static is not a check");
        ft.read(user, x, 2);
        assertTrue(sim.listener.races.isEmpty());
    }

    @Test
    void aStackOverflowInsideASynchronisationEventTurnsDetectionOff() {
        ft.failed(new StackOverflowError());
        assertTrue(ft.isDisabled(), "a skipped release or acquire would lose an edge: never skipped");
    }

    @Test
    void aStackOverflowInsideARaceCheckSkipsThatCheckAndDetectionGoesOn() {
        ft.checkFailed(new StackOverflowError());
        assertFalse(ft.isDisabled());
        assertEquals(1, ft.skipped());
        ft.write(t[1], x, 1);
        ft.write(t[2], x, 2);
        assertEquals(1, sim.listener.races.size());
    }
}
