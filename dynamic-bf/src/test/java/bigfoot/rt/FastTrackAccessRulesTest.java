package bigfoot.rt;

import bigfoot.rt.report.RaceKind;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each FT2 access rule ("The FastTrack2 Race Detector", section 3, Figure 1) as a state transition, and each race kind with its recovery. */
class FastTrackAccessRulesTest {

    private final Sim sim = new Sim();
    private final FastTrack ft = sim.ft;
    private final ThreadState[] t = sim.forkedThreads(4);
    private final VarState x = new VarState();

    @Test
    void readExclusiveRecordsTheReaderEpochAndSite() {
        ft.read(t[1], x, 7);
        assertEquals(t[1].epoch, x.r);
        assertEquals(7, x.readSite);
        assertTrue(sim.listener.races.isEmpty());
    }

    @Test
    void readSameEpochChangesNothing() {
        ft.read(t[1], x, 7);
        ft.read(t[1], x, 8);
        assertEquals(t[1].epoch, x.r);
        assertEquals(7, x.readSite, "READ SAME EPOCH must not touch the state");
    }

    @Test
    void readExclusiveAfterAnOrderedReadStaysExclusive() {
        ft.read(t[1], x, 1);
        sim.order(t[1], t[2]);
        ft.read(t[2], x, 2);
        assertEquals(t[2].epoch, x.r);
        assertEquals(2, x.readSite);
    }

    @Test
    void readShareFillsTheVectorClockAndPublishesShared() {
        long firstRead = t[1].epoch;
        ft.read(t[1], x, 1);
        ft.read(t[2], x, 2);
        assertEquals(Epoch.SHARED, x.r);
        assertEquals(firstRead, x.get(1));
        assertEquals(t[2].epoch, x.get(2));
        assertEquals(1, x.sharedReadSite(1));
        assertEquals(2, x.sharedReadSite(2));
        assertTrue(sim.listener.races.isEmpty(), "concurrent reads are not a race");
    }

    @Test
    void readSharedRecordsAThirdReaderAndSharedSameEpochChangesNothing() {
        ft.read(t[1], x, 1);
        ft.read(t[2], x, 2);
        ft.read(t[3], x, 3);
        assertEquals(t[3].epoch, x.get(3));
        assertEquals(3, x.sharedReadSite(3));
        ft.read(t[3], x, 4);                                  // READ SHARED SAME EPOCH
        assertEquals(3, x.sharedReadSite(3));
    }

    @Test
    void writeSameEpochAndWriteExclusive() {
        ft.write(t[1], x, 1);
        assertEquals(t[1].epoch, x.w);
        ft.write(t[1], x, 2);                                 // WRITE SAME EPOCH
        assertEquals(1, x.writeSite);
        sim.order(t[1], t[2]);
        ft.write(t[2], x, 3);                                 // WRITE EXCLUSIVE
        assertEquals(t[2].epoch, x.w);
        assertEquals(3, x.writeSite);
        assertTrue(sim.listener.races.isEmpty());
    }

    @Test
    void writeSharedKeepsSharedForever() {
        ft.read(t[1], x, 1);
        ft.read(t[2], x, 2);
        sim.order(t[1], t[3]);
        sim.order(t[2], t[3]);
        ft.write(t[3], x, 3);                                 // WRITE SHARED
        assertTrue(sim.listener.races.isEmpty());
        assertEquals(t[3].epoch, x.w);
        assertEquals(Epoch.SHARED, x.r, "FT2: no SHARED -> exclusive transition");
        sim.order(t[3], t[1]);
        ft.read(t[1], x, 4);                                  // READ SHARED, not READ EXCLUSIVE
        assertEquals(Epoch.SHARED, x.r);
        assertEquals(t[1].epoch, x.get(1));
    }

    @Test
    void writeWriteRaceNamesThePreviousWriteAndStillUpdatesW() {
        long previous = t[1].epoch;
        ft.write(t[1], x, 1);
        ft.write(t[2], x, 2);
        RecordingListener.Reported r = sim.listener.only();
        assertEquals(RaceKind.WRITE_WRITE, r.kind());
        assertEquals(previous, r.previous());
        assertEquals(1, r.previousSite());
        assertEquals(t[2].epoch, r.current());
        assertEquals(2, r.currentSite());
        assertEquals(t[2].epoch, x.w, "recovery: W := E after a write-write race");
        assertEquals(2, x.writeSite);
    }

    @Test
    void writeReadRaceLeavesRUntouched() {
        ft.write(t[1], x, 1);
        ft.read(t[2], x, 2);
        RecordingListener.Reported r = sim.listener.only();
        assertEquals(RaceKind.WRITE_READ, r.kind());
        assertEquals(1, r.previousSite());
        assertEquals(0L, x.r, "recovery: R not updated after a write-read race");
        assertEquals(-1, x.readSite);
    }

    @Test
    void readWriteRaceNamesThePreviousRead() {
        long read = t[1].epoch;
        ft.read(t[1], x, 1);
        ft.write(t[2], x, 2);
        RecordingListener.Reported r = sim.listener.only();
        assertEquals(RaceKind.READ_WRITE, r.kind());
        assertEquals(read, r.previous());
        assertEquals(1, r.previousSite());
        assertEquals(t[2].epoch, x.w);
    }

    @Test
    void sharedWriteRaceNamesTheUnorderedReader() {
        long secondReader = t[2].epoch;
        ft.read(t[1], x, 1);
        ft.read(t[2], x, 2);
        sim.order(t[1], t[3]);                                // t3 is ordered after t1's read only
        ft.write(t[3], x, 3);
        RecordingListener.Reported r = sim.listener.only();
        assertEquals(RaceKind.SHARED_WRITE, r.kind());
        assertEquals(secondReader, r.previous());
        assertEquals(2, r.previousSite());
        assertEquals(t[3].epoch, x.w);
    }

    @Test
    void ownEarlierAccessesNeverRace() {
        ft.write(t[1], x, 1);
        ft.read(t[1], x, 2);
        sim.order(t[1], t[1]);                                // a tick: later epochs of the same thread
        ft.write(t[1], x, 3);
        ft.read(t[1], x, 4);
        assertTrue(sim.listener.races.isEmpty());
    }

    @Test
    void countsEveryCheckOnTheThread() {
        ft.read(t[1], x, 1);
        ft.read(t[1], x, 1);
        ft.write(t[1], x, 1);
        assertEquals(3, t[1].checks);
    }
}
